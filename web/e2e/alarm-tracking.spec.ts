import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { dialog, login, openMenu, toast, uniqueName } from './support';

// The machine's MariaDB (docs/decisions.md "Alarm tracking"): the owner account makes a database for the run,
// the read-only account is what the source uses. The backend must allow 127.0.0.1:3306 (scripts/e2e-env.sh).
const OWNER = ['-h127.0.0.1', '-P3306', '-uplantdesk_mes', '-pplantdesk_mes'];
const READER = { username: 'plantdesk_reader', password: 'plantdesk-read-only' };
const TRACKING = { menu: ['告警管理', '告警追踪'], path: /\/alarm\/tracking$/ };

function mysql(sql: string): boolean {
  try {
    execFileSync('mysql', [...OWNER, '-e', sql], { stdio: 'pipe', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

test.describe.configure({ timeout: 120_000 });

test('a MariaDB source: pick a table and a column, save a metric, see it trip', async ({ page }) => {
  const database = `plantdesk_mes_e2e_${Date.now().toString(36)}`;
  test.skip(!mysql('SELECT 1'), 'MariaDB does not answer at 127.0.0.1:3306 as plantdesk_mes');
  expect(
    mysql(
      `CREATE DATABASE ${database}; USE ${database}; ` +
        'CREATE TABLE production_report (id INT AUTO_INCREMENT PRIMARY KEY, line VARCHAR(16), ' +
        'scrap_qty INT NOT NULL, reported_at DATETIME NOT NULL); ' +
        "INSERT INTO production_report (line, scrap_qty, reported_at) VALUES ('L2', 4, NOW()), " +
        "('L2', 5, NOW()), ('L1', 1, NOW());",
    ),
  ).toBe(true);
  try {
    await login(page);
    await openMenu(page, TRACKING.menu, TRACKING.path);
    const name = uniqueName('MES');

    // add the source, test its connection, save it
    await page.getByRole('button', { name: '新增数据源' }).click();
    const form = dialog(page);
    await form.getByLabel('名称').fill(name);
    await form.getByLabel('主机').fill('127.0.0.1');
    await form.getByLabel('数据库', { exact: true }).fill(database);
    await form.getByLabel('用户名').fill(READER.username);
    await form.getByLabel('密码').fill(READER.password);
    await form.getByRole('button', { name: '测试连接' }).click();
    await expect(toast(page)).toContainText('连接成功');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();

    // the source is selected: its tables, and the columns of one
    const tree = page.locator('.ant-tree');
    await expect(tree.getByText(name)).toBeVisible();
    const row = page.locator('.ant-table-row').filter({ hasText: 'production_report' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: '浏览' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.locator('.ant-table-row').filter({ hasText: 'scrap_qty' })).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // a metric: line 2's scrap summed, above 8
    await page.getByRole('tab', { name: '指标' }).click();
    await page.getByRole('button', { name: '新增指标' }).click();
    const editor = dialog(page);
    await editor.getByLabel('指标名称').fill(`${name} scrap`);
    await editor.getByLabel('表名').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'production_report' }).click();
    await editor.getByLabel('统计方式').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '求和' }).click();
    await editor.getByLabel('数值字段').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'scrap_qty' }).click();
    await editor.getByRole('button', { name: '添加条件' }).click();
    await editor.locator('#filters_0_column').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^line/ }).click();
    await editor.getByPlaceholder('值').fill('L2');
    await editor.getByLabel('阈值').fill('8');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expect(editor).toBeHidden();
    const metric = page.locator('.ant-table-row').filter({ hasText: `${name} scrap` });
    await expect(metric).toContainText('production_report · SUM(scrap_qty) > 8');

    // checked now (as the schedule does): 4 + 5 > 8 raises an alarm
    await page.getByRole('button', { name: '立即检测' }).click();
    await expect(metric.locator('.ant-tag-red')).toHaveText('1');
    await expect(metric).toContainText('9');
    await page.getByRole('tab', { name: '告警事件' }).click();
    const event = page.locator('.ant-table-row').filter({ hasText: `${name} scrap` });
    await expect(event).toContainText('未解除');
  } finally {
    mysql(`DROP DATABASE IF EXISTS ${database}`);
  }
});
