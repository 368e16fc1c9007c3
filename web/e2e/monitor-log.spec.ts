import { expect, type Page, test } from '@playwright/test';
import { closeDialog, confirmDialog, crudOf, dialog, login, openMenu, toast } from './support';

test.describe.configure({ timeout: 120_000 });

const USUAL = { menu: ['系统监控', '通用日志'], path: /\/monitor\/log\/usual$/ };
const API = { path: /\/monitor\/log\/api$/ };
const ERROR = { menu: ['系统监控', '错误日志'], path: /\/monitor\/log\/error$/ };

const filterBar = (page: Page, kind: string) => page.locator(`[data-log="${kind}"] .pd-crud-search`).first();

/** Clicks 搜索 until a row with `text` shows (the server writes audit rows in batches, about once a second). */
async function searchUntil(page: Page, kind: string, text: string) {
  const rows = crudOf(page, `log_${kind}`).row(text);
  await expect(async () => {
    await filterBar(page, kind)
      .getByRole('button', { name: /搜\s*索/ })
      .click();
    await expect(rows.first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  return rows;
}

async function exportFile(page: Page, kind: string) {
  const download = page.waitForEvent('download');
  await filterBar(page, kind)
    .getByRole('button', { name: /导\s*出/ })
    .click();
  await confirmDialog(page, '是否导出数据?');
  return (await download).suggestedFilename();
}

test('a console error uploaded from the header shows in the general and API logs', async ({ page }) => {
  await login(page);
  // A refused request (duplicate dictionary code) lands in the local error log.
  await openMenu(page, ['系统管理', '系统字典'], /\/system\/dict$/);
  await crudOf(page, 'dict')
    .button(/新\s*增/)
    .click();
  await dialog(page).getByLabel('字典编号').fill('sex');
  await dialog(page).getByLabel('字典名称').fill('重复');
  await dialog(page).getByLabel('字典排序').fill('1');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('字典编号 [sex] 已存在');
  await closeDialog(page);

  await page.locator('.pd-header-btn[aria-label="错误日志"]').click();
  await expect(dialog(page)).toContainText('字典编号 [sex] 已存在');
  await dialog(page)
    .getByRole('button', { name: /上传服务器/ })
    .click();
  await confirmDialog(page, '确定上传本地日志到服务器?');
  await expect(toast(page)).toContainText('发送成功!');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await closeDialog(page);

  // General log: the uploaded entry, level error, by admin; the drawer shows the entry as indented JSON.
  await openMenu(page, USUAL.menu, USUAL.path);
  const rows = await searchUntil(page, 'usual', '/system/dict');
  await expect(rows.first()).toContainText('error');
  await expect(rows.first()).toContainText('admin');
  await rows
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  const drawer = page.getByRole('dialog').filter({ hasText: '日志详情' });
  await expect(drawer).toContainText('日志详情');
  await expect(drawer).toContainText('日志数据');
  await expect(drawer.locator('pre').first()).toContainText('"message": ');
  await expect(drawer).toContainText('字典编号 [sex] 已存在');
  await closeDialog(page);

  // Filters: an unknown service id finds nothing; reset brings the rows back.
  await filterBar(page, 'usual').getByLabel('服务ID').fill('no-such-service');
  await filterBar(page, 'usual')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(crudOf(page, 'log_usual').root).toContainText('暂无数据');
  await filterBar(page, 'usual')
    .getByRole('button', { name: /清\s*空/ })
    .click();
  await expect(rows.first()).toBeVisible();
  // A time range in the past finds nothing.
  await filterBar(page, 'usual').getByPlaceholder('开始时间').click();
  await page.keyboard.type('2000-01-01 00:00:00');
  await page.keyboard.press('Enter');
  await filterBar(page, 'usual').getByPlaceholder('结束时间').click();
  await page.keyboard.type('2000-01-02 00:00:00');
  await page.keyboard.press('Enter');
  await filterBar(page, 'usual')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(crudOf(page, 'log_usual').root).toContainText('暂无数据');
  await filterBar(page, 'usual')
    .getByRole('button', { name: /清\s*空/ })
    .click();
  await expect(rows.first()).toBeVisible();
  expect(await exportFile(page, 'usual')).toBe('通用日志.xlsx');

  // API log: the upload call itself (a POST by a signed-in user).
  await page.goto('/monitor/log/api');
  await expect(page).toHaveURL(API.path);
  const calls = await searchUntil(page, 'api', '/api/blade-auth/oauth/');
  await expect(calls.first()).toContainText('POST');
  await calls
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(drawer).toContainText('请求地址');
  await expect(drawer).toContainText('/api/blade-auth/oauth/');
  await closeDialog(page);
  expect(await exportFile(page, 'api')).toBe('接口日志.xlsx');
});

test('the error log lists, filters and exports', async ({ page }) => {
  await login(page);
  await openMenu(page, ERROR.menu, ERROR.path);
  await expect(crudOf(page, 'log_error').root.locator('.ant-table')).toBeVisible();
  await filterBar(page, 'error').getByLabel('服务器名').fill('no-such-host');
  await filterBar(page, 'error')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(crudOf(page, 'log_error').root).toContainText('暂无数据');
  expect(await exportFile(page, 'error')).toBe('错误日志.xlsx');
});
