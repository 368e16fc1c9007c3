import { expect, test } from '@playwright/test';
import {
  confirmDialog,
  crudOf,
  dialog,
  dialogLoaded,
  login,
  openMenu,
  tab,
  toast,
  uniqueName,
} from './support';

const TENANTS = { menu: ['系统管理', '租户管理'], path: /\/system\/tenant$/ };

test('tenants: add, search, edit, settings, package, sign in as the new admin, refused and batch delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page);
  await openMenu(page, TENANTS.menu, TENANTS.path);
  const crud = crudOf(page, 'tenant');
  await expect(crud.root.locator('.ant-table')).toBeVisible();
  const ok = () => dialog(page).getByRole('button', { name: /确\s*定/ });

  await crud.root
    .locator('.pd-crud-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await ok().click();
  await expect(dialog(page)).toContainText('请输入租户名称');
  const tenantId = `e${Date.now().toString(36).slice(-7)}`;
  const name = uniqueName('e2e租户');
  await dialog(page).getByLabel('租户ID').fill(tenantId);
  await dialog(page).getByLabel('租户名称').fill(name);
  await dialog(page).getByLabel('联系人').fill('测试员');
  await ok().click();
  await expect(toast(page)).toContainText('新增成功');

  await crud.search('租户ID', tenantId);
  const row = crud.row(tenantId);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);

  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('租户ID')).toHaveValue(tenantId);
  await expect(dialog(page).getByLabel('租户ID')).toBeDisabled();
  await dialog(page).getByLabel('联系人').fill('改联系人');
  await ok().click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(row).toContainText('改联系人');

  // 授权配置: account quota of the selected tenants.
  await crud.button(/授权配置/).click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await row.getByRole('checkbox').check();
  await crud.button(/授权配置/).click();
  await dialog(page).getByLabel('账号额度').fill('5');
  await ok().click();
  await expect(toast(page)).toContainText('配置成功');
  await expect(row).toContainText('5');

  // 产品包配置: no package leaves the tenant unrestricted.
  await row.getByRole('button', { name: '产品包配置' }).click();
  await expect(dialog(page)).toContainText(`产品包配置: ${name}`);
  await ok().click();
  await expect(toast(page)).toContainText('配置成功');

  // The new tenant's admin signs in with tenant.default.password (admin) and sees the console.
  const context = await browser.newContext();
  const other = await context.newPage();
  await login(other, { tenantId, username: 'admin', password: 'admin' });
  await expect(tab(other, '首页')).toBeVisible();
  await expect(other.locator('.pd-sider').getByRole('menuitem', { name: '工作台' })).toBeVisible();
  await expect(other.locator('.pd-sider').getByRole('menuitem', { name: '租户管理' })).toHaveCount(0);
  await context.close();

  // The platform tenant cannot be removed: the server's message is shown.
  await crud.search('租户ID', '000000');
  await crud
    .row('000000')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('不可删除管理租户!');
  await expect(crud.row('000000')).toHaveCount(1);

  await crud.search('租户ID', tenantId);
  await crud.row(tenantId).getByRole('checkbox').check();
  await crud.button(/批量删除/).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud.row(tenantId)).toHaveCount(0);
});
