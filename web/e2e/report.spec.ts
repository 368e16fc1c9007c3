import { expect, type Page, test } from '@playwright/test';
import { confirmDialog, crudOf, login, openMenu, toast } from './support';

// The demo tenant has a daily production report and a weekly alarm report, each generated once.
const DEMO_ADMIN = { tenantId: '356782', username: 'admin', password: 'admin' };

async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), path: await file.path() };
}

test('reports: the demo templates, generating one, its PDF and Excel; the system log filtered and exported', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, DEMO_ADMIN);
  await openMenu(page, ['报表管理', '报表模板'], /\/report\/template$/);
  const templates = crudOf(page, 'template');
  const daily = templates.row('生产日报 Daily production report');
  await expect(daily).toContainText('生产报表');
  await daily.getByRole('button', { name: '生成报表' }).click();
  await expect(toast(page)).toContainText('已生成报表', { timeout: 30_000 }); // a PDF under a loaded machine

  await page.goto('/index/reportlist'); // a frame route of spec §2: no tab
  const outputs = crudOf(page, 'reportlist');
  await expect(outputs.row('告警周报 Weekly alarm report').first()).toContainText('示例', {
    timeout: 30_000,
  });
  const manual = outputs.row('手动').first();
  await expect(manual).toContainText('生产日报');
  const pdf = await downloaded(page, () => manual.getByRole('button', { name: 'PDF' }).click());
  expect(pdf.name).toMatch(/^生产日报 .*\.pdf$/);
  const excel = await downloaded(page, () => manual.getByRole('button', { name: 'Excel' }).click());
  expect(excel.name).toMatch(/\.xlsx$/);

  // The server's start is a platform event: the platform administrator reads it.
  const admin = await browser.newPage();
  await login(admin);
  await openMenu(admin, ['系统监控', '系统日志'], /\/monitor\/log\/system$/);
  const logs = crudOf(admin, 'log_system');
  await expect(logs.root.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const filter = admin.locator('form[id="log_system-filter"]');
  await filter.getByLabel('关键字').fill('已启动');
  await filter.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(logs.row('已启动').first()).toContainText('服务进程');
  const exported = await downloaded(admin, async () => {
    await filter.getByRole('button', { name: /导\s*出/ }).click();
    await confirmDialog(admin, '是否导出数据?');
  });
  expect(exported.name).toBe('系统日志.xlsx');
  await admin.close();
});
