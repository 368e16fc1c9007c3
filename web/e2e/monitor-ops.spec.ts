import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmDialog, login, openMenu, toast, uniqueName } from './support';

// 系统监控's three screens as the platform administrator (issue 31): online users with kick-out, scheduled jobs
// with run now and pause, the server's state; in Chinese and in English. Each step waits on the data the screen
// shows (a row, a section's figures), never on time: on the shared 2-core machine a tab's first query can take
// seconds.
test.describe.configure({ timeout: 180_000 });

const DATA = { timeout: 45_000 };
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;
const DEMO = '356782';

/** A session of the demo's zhangwei opened over the API, its browser column set to `agent` to find its row. */
async function openSession(request: APIRequestContext, agent: string): Promise<string> {
  const answer = await request.post('/api/blade-auth/oauth/token', {
    params: {
      tenantId: DEMO,
      username: 'zhangwei',
      password: createHash('md5').update('123456').digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { Authorization: CLIENT, 'Tenant-Id': DEMO, 'User-Agent': agent },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).access_token;
}

function userInfo(request: APIRequestContext, token: string) {
  return request.get('/api/blade-user/info', {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': DEMO },
  });
}

async function inEnglish(page: Page, path: string) {
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(path);
}

test('online users: a session shows, is kicked out and its token stops', async ({ page, request }) => {
  const agent = uniqueName('e2e-agent');
  const token = await openSession(request, agent);
  expect((await userInfo(request, token)).status()).toBe(200);

  await login(page);
  await openMenu(page, ['系统监控', '在线用户'], /\/monitor\/online$/);
  const row = page.locator('.ant-table-row').filter({ hasText: agent });
  // The list is read once on opening; a slow first read is waited for, a missed one refreshed.
  await expect(async () => {
    if (!(await row.isVisible())) await page.getByRole('button', { name: /刷\s*新/ }).click();
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass(DATA);
  await expect(row).toContainText('zhangwei');
  await expect(row).toContainText(DEMO);

  await row.getByRole('button', { name: /强\s*退/ }).click();
  await confirmDialog(page, '确定强制退出选中的 1 个会话吗?');
  await expect(toast(page)).toContainText('已强退 1 个会话');
  await expect(row).toHaveCount(0, DATA);
  expect((await userInfo(request, token)).status()).toBe(401);

  await inEnglish(page, '/monitor/online');
  await expect(page.locator('.ant-table-thead')).toContainText('Account', DATA);
  await expect(page.locator('.ant-table-thead')).toContainText('Login IP');
  await expect(page.getByRole('button', { name: 'Kick out selected' })).toBeDisabled();
});

test('scheduled jobs: pause, resume and run now, the run listed with its trigger', async ({ page }) => {
  await login(page);
  await openMenu(page, ['系统监控', '定时任务'], /\/monitor\/job$/);
  const row = page
    .locator('.ant-table-row')
    .filter({ has: page.locator('code', { hasText: /^log\.retention$/ }) });
  await expect(row).toBeVisible(DATA);
  await expect(row).toContainText('17 3 * * *');
  await expect(row).toContainText('每个租户');

  await row.getByRole('button', { name: /暂\s*停/ }).click();
  await expect(toast(page)).toContainText('已暂停');
  await expect(row.locator('.ant-tag', { hasText: '已暂停' })).toBeVisible(DATA);
  await row.getByRole('button', { name: /恢\s*复/ }).click();
  await expect(toast(page)).toContainText('已恢复');
  await expect(row.getByRole('button', { name: /暂\s*停/ })).toBeVisible(DATA);

  // Columns: the expand icon, name, schedule, scope, state, last run, failures, actions.
  const lastRun = row.locator('td').nth(5);
  const before = (await lastRun.textContent()) ?? '';
  await row.getByRole('button', { name: /执行一次/ }).click();
  await expect(toast(page)).toContainText('已加入执行队列');
  // The run is recorded when it starts and when it ends; the screen reads the list every 5 s.
  await expect(lastRun).not.toHaveText(before, DATA);
  await expect(lastRun).toContainText('成功', DATA);
  await row.locator('.ant-table-row-expand-icon').click();
  const runs = page.locator('.ant-table-expanded-row').filter({ hasText: '最近执行记录' });
  await expect(runs.locator('.ant-table-row').first()).toContainText('手动', DATA);

  await inEnglish(page, '/monitor/job');
  const english = page
    .locator('.ant-table-row')
    .filter({ has: page.locator('code', { hasText: /^log\.retention$/ }) });
  await expect(english).toContainText('Succeeded', DATA);
  await expect(english.getByRole('button', { name: 'Run now' })).toBeVisible();
  await expect(english.getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('server state: every part with its figures', async ({ page }) => {
  await login(page);
  await openMenu(page, ['系统监控', '服务监控'], /\/monitor\/server$/);
  const section = (title: string) =>
    page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });
  await expect(section('本进程')).toContainText(/进程号\s*\d+/, DATA);
  await expect(section('主机')).toContainText('CPU 核数');
  await expect(section('内存')).toContainText(/已用 .+ \/ 共 /);
  await expect(section('数据库')).toContainText('sqlite');
  await expect(section('数据库')).toContainText(/连接池\s*使用中 \d+ \/ 容量 \d+/);
  await expect(section('缓存')).toContainText('进程内缓存(未配置 Redis)');
  await expect(section('任务队列')).toContainText('内嵌(随服务运行)');
  await expect(section('采集器')).toContainText('启用的数据源');
  await expect(page.getByText(/无法读取/)).toHaveCount(0);

  await inEnglish(page, '/monitor/server');
  await expect(section('This process')).toContainText(/PID\s*\d+/, DATA);
  await expect(section('Database')).toContainText(/Connection pool\s*\d+ in use of \d+/);
  await expect(section('Job queue')).toContainText('Embedded (inside the server)');
});
