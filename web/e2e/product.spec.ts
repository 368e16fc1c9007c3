import { expect, type Page, test } from '@playwright/test';
import { crudOf, dialog, dialogLoaded, login, toast, uniqueName } from './support';

// The demo tenant has two products, the PR-200 craft flow, a running batch on each feed pump and the OEE shifts.
const DEMO_ADMIN = { tenantId: '356782', username: 'admin', password: 'admin' };

async function openProduction(page: Page, entry: string, path: RegExp) {
  const sider = page.locator('.pd-sider');
  const catalogue = sider.getByRole('menuitem', { name: '生产管理' }).first();
  if ((await catalogue.getAttribute('aria-expanded')) !== 'true') await catalogue.click();
  await sider.getByRole('menuitem', { name: entry }).last().click();
  await expect(page).toHaveURL(path);
}

test('production: products (one added), craft flow steps, batches with progress, OEE analysis', async ({
  page,
}) => {
  await login(page, DEMO_ADMIN);
  await openProduction(page, '产品管理', /\/product\/product$/);
  const products = crudOf(page, 'product_product');
  await expect(products.row('PR-200')).toContainText('聚合树脂');

  const code = uniqueName('P');
  await products.button(/新\s*增/).click();
  await dialogLoaded(page);
  await dialog(page).getByLabel('产品名称').fill(`产品 ${code}`);
  await dialog(page).getByLabel('产品编号').fill(code);
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('新增成功');
  await products.search('产品编号', code);
  await expect(products.row(code)).toContainText(`产品 ${code}`);

  await openProduction(page, '工艺流程', /\/product\/tectprocess$/);
  await expect(crudOf(page, 'tectprocess').row('TP-200')).toContainText('投料 Feed → 反应 Reaction');

  await openProduction(page, '批次产品', /\/product\/batch$/);
  await expect(crudOf(page, 'batch').row('PR200-').first()).toContainText('聚合树脂');

  await openProduction(page, 'OEE 分析', /\/product\/oee$/);
  await page.getByRole('button', { name: '重新计算' }).click();
  await expect(toast(page)).toContainText('计算成功');
  await expect(page.getByTestId('oee-analysis')).toBeVisible();
  await page.getByRole('tab', { name: '班次日历' }).click();
  await expect(crudOf(page, 'oee-shift').row('早班 Morning')).toContainText('12:00-12:30');
});
