import { expect, test } from '@playwright/test';
import { crudOf, login, openMenu, toast } from './support';

// The demo gives the platform a data source on its own database and a spare-parts code config (demo/data/code.py).
test('developer tools: a data source tested and browsed, the demo config previewed and downloaded', async ({
  page,
}) => {
  await login(page);
  await openMenu(page, ['研发工具', '代码生成'], /\/tool\/code$/);
  // 数据源 by its whole text: 大屏数据源 (the large-screen screen, the same view) would match a part of it
  await page
    .locator('.pd-sider .ant-menu-item')
    .filter({ hasText: /^数据源$/ })
    .click();
  await expect(page).toHaveURL(/\/tool\/datasource$/);
  const sources = crudOf(page, 'datasource');
  const platform = sources.row('Platform database');
  await expect(platform).toContainText('平台数据库');
  await platform.getByRole('button', { name: '测试连接' }).click();
  await expect(toast(page)).toContainText('Platform database');
  await platform.getByRole('button', { name: '浏览表' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByTestId('table-list').getByRole('menuitem', { name: 'blade_tenant', exact: true }).click();
  await expect(drawer.getByTestId('column-table')).toContainText('tenant_name');
  await expect(drawer).toContainText('356782');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page
    .locator('.pd-sider .ant-menu-item')
    .filter({ hasText: /^代码生成$/ })
    .click();
  await expect(page).toHaveURL(/\/tool\/code$/);
  const spare = crudOf(page, 'code').row('备件台账');
  await expect(spare).toContainText('/spare/part');
  await spare.getByRole('button', { name: '预览' }).click();
  const files = page.getByTestId('preview-files');
  const content = page.getByTestId('preview-content');
  await files.getByRole('menuitem', { name: 'plantdesk/modules/spare/models.py' }).click();
  await expect(content).toContainText('class SparePart(IdMixin, TenantMixin, AuditMixin, Base)');
  await files.getByRole('menuitem', { name: 'web/src/i18n/areas/spare.ts' }).click();
  await expect(content).toContainText("partName: 'Part name'");
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载 zip' }).click();
  expect((await downloading).suggestedFilename()).toBe('plantdesk-code.zip');
});
