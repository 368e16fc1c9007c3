import { expect, test } from '@playwright/test';
import { confirmDialog, crudOf, dialog, dialogLoaded, login, pickOption, toast, uniqueName } from './support';

// The demo tenant carries two months of alarm history, six indicators and their published records (seed).
const DEMO_ADMIN = { tenantId: '356782', username: 'admin', password: 'admin' };

async function openWarning(page: import('@playwright/test').Page, entry: string, path: RegExp) {
  const sider = page.locator('.pd-sider');
  const catalogue = sider.getByRole('menuitem', { name: '预警管理' }).first();
  if ((await catalogue.getAttribute('aria-expanded')) !== 'true') await catalogue.click();
  await sider.getByRole('menuitem', { name: entry }).last().click();
  await expect(page).toHaveURL(path);
}

test('warning indicators: the seeded ones with their last value, one added, changed and removed; the metrics', async ({
  page,
}) => {
  await login(page, DEMO_ADMIN);
  await openWarning(page, '预警指标', /\/index\/warnIndicators/);
  const indicators = crudOf(page, 'warning-indicator');
  const seeded = indicators.row('全厂日告警数 Alarms per day, whole plant');
  await expect(seeded).toContainText('告警数');
  await expect(seeded).toContainText(/预警|正常/);

  const name = uniqueName('指标');
  await indicators.button(/新\s*增/).click();
  await dialogLoaded(page);
  const form = dialog(page);
  await form.getByLabel('指标名称').fill(name);
  await form.getByLabel('度量').click();
  await pickOption(page, '平均解除时长(分钟)');
  await form.getByLabel('预警阈值').fill('30');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('新增成功');
  await indicators.search('指标名称', name);
  await expect(indicators.row(name)).toContainText('平均解除时长(分钟)');

  await indicators.row(name).getByRole('button', { name: '编辑' }).click();
  await dialogLoaded(page);
  await dialog(page).getByLabel('预警阈值').fill('45');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(indicators.row(name)).toContainText('45');

  await indicators.row(name).getByRole('button', { name: '删除' }).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(indicators.row(name)).toHaveCount(0);

  await page.getByRole('tab', { name: '告警指标' }).click();
  const metrics = page.getByTestId('alarm-metrics');
  await expect(metrics.locator('.ant-table-row').first()).toBeVisible();
  await expect(metrics).toContainText('进料泵振动高 Pump P-101A high vibration');
});

test('warning management: figures and charts of the history, records by period, publishing a day', async ({
  page,
}) => {
  await login(page, DEMO_ADMIN);
  await openWarning(page, '预警管理', /\/index\/warnManagement/);
  const screen = page.getByTestId('warn-management');
  const total = screen.locator('.ant-statistic').filter({ hasText: '告警总数' });
  await expect(total.locator('.ant-statistic-content')).not.toHaveText('0');
  await expect(screen.getByTestId('warning-trend').locator('canvas')).toBeVisible();
  const records = crudOf(page, 'warning-record');
  await expect(records.row('全厂日告警数 Alarms per day, whole plant').first()).toBeVisible();

  await screen.getByText('按周').click();
  await expect(screen.getByTestId('warning-trend')).toBeVisible();
  await expect(total.locator('.ant-statistic-content')).not.toHaveText('0');

  await screen.getByRole('button', { name: /发\s*布/ }).click();
  const publish = dialog(page);
  await expect(publish).toContainText('发布预警记录');
  await publish.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('发布成功');
  await expect(publish).toBeHidden();
});
