import { expect, type Page, test } from '@playwright/test';
import {
  closeDialog,
  confirmDialog,
  crudOf,
  dialog,
  dialogLoaded,
  login,
  openMenu,
  pickOption,
  toast,
  uniqueName,
} from './support';

const MENUS = { menu: ['系统管理', '系统菜单'], path: /\/system\/menu$/ };
const MOBILE = { menu: ['系统管理', '移动菜单'], path: /\/system\/mobilemenu$/ };
const PC = { path: /\/system\/pcmenu$/ };

/** The toolbar's add button (rows have 新增子项 too). */
const addButton = (crud: ReturnType<typeof crudOf>) =>
  crud.root.locator('.pd-crud-toolbar').getByRole('button', { name: /新\s*增/ });

/** Opens a screen whose sidebar group is already open. */
async function openLeaf(page: Page, name: string, path: RegExp) {
  await page.locator('.pd-sider').getByRole('menuitem', { name }).first().click();
  await expect(page).toHaveURL(path);
}

const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

async function fillMenu(page: Page, name: string, code: string) {
  await dialog(page).getByLabel('菜单名称').fill(name);
  await dialog(page).getByLabel('菜单编号').fill(code);
}

test('system menus: add with an icon, add child, search, view, edit, refused and batch delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await openMenu(page, MENUS.menu, MENUS.path);
  const crud = crudOf(page, 'menu');
  await expect(crud.root.locator('.ant-table')).toBeVisible();

  await addButton(crud).click();
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入菜单名称');
  await expect(dialog(page)).toContainText('请输入菜单编号');

  const base = uniqueName('e2e菜单');
  const code = `e2e${Date.now().toString(36)}`;
  await fillMenu(page, `${base}-父`, code);
  await dialog(page).getByLabel('路由地址').fill(`/e2e/${code}`);
  // The icon picker: a searchable grid of the sidebar's icons.
  await dialog(page).getByRole('button', { name: '选择图标' }).click();
  const picker = page.getByRole('dialog', { name: '选择图标' });
  await picker.getByLabel('搜索图标').fill('robot');
  await expect(picker.getByRole('option')).toHaveCount(1);
  await picker.getByRole('option', { name: 'RobotOutlined' }).click();
  await expect(picker).toBeHidden();
  await expect(dialog(page).getByLabel('菜单图标')).toHaveValue('RobotOutlined');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');

  await crud.search('菜单名称', base);
  const parent = crud.row(`${base}-父`);
  await expect(parent).toHaveCount(1);
  await expect(parent.locator('[title="RobotOutlined"] .anticon-robot')).toBeVisible();

  // Add a button below the new menu: parent prefilled, category button.
  await parent.getByRole('button', { name: '新增子项' }).click();
  await expect(dialog(page)).toContainText(`${base}-父`);
  await fillMenu(page, `${base}-子`, `${code}_add`);
  await dialog(page).getByLabel('按钮', { exact: true }).check();
  await dialog(page).getByLabel('按钮功能').click();
  await pickOption(page, '工具栏');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await crud.search('菜单名称', base);
  const child = crud.row(`${base}-子`);
  await expect(child).toHaveCount(1);
  await expect(child).toContainText('按钮');

  // The server refuses to delete a menu with children; its message is shown.
  await parent.getByRole('button', { name: /^删\s*除$/ }).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('请先删除子节点!');
  await expect(parent).toHaveCount(1);

  await child.getByRole('button', { name: /查\s*看/ }).click();
  await expect(dialog(page).getByLabel('菜单编号')).toHaveValue(`${code}_add`);
  await expect(dialog(page).getByLabel('菜单编号')).toBeDisabled();
  await closeDialog(page);

  await parent.getByRole('button', { name: /编\s*辑/ }).click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('菜单编号')).toHaveValue(code);
  await dialog(page).getByLabel('菜单名称').fill(`${base}-父改`);
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await crud.search('菜单名称', base);
  await expect(crud.row(`${base}-父改`)).toHaveCount(1);

  await crud.button(/批量删除/).click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  for (const box of await crud.root.locator('.ant-table-row').getByRole('checkbox').all()) await box.check();
  await crud.button(/批量删除/).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud.row(base)).toHaveCount(0);
});

test('system menus load children on expand', async ({ page }) => {
  await login(page);
  await openMenu(page, MENUS.menu, MENUS.path);
  const crud = crudOf(page, 'menu');
  await expect(crud.row('系统管理').first()).toBeVisible();
  await expect(crud.row('岗位管理')).toHaveCount(0);
  await crud.row('系统管理').first().locator('.ant-table-row-expand-icon').click();
  await expect(crud.row('岗位管理')).toHaveCount(1);
  await expect(crud.row('岗位管理')).toContainText('/system/post');
});

test('mobile menus list and create app menus only; PC menus do not show them', async ({ page }) => {
  await login(page);
  await openMenu(page, MOBILE.menu, MOBILE.path);
  const mobile = crudOf(page, 'menu-app');
  await expect(mobile.root.locator('.ant-table')).toBeVisible();
  await expect(mobile.row('系统管理')).toHaveCount(0);

  const name = uniqueName('e2e移动');
  await addButton(mobile).click();
  await expect(dialog(page).getByLabel('菜单分类')).toBeDisabled();
  await expect(dialog(page)).toContainText('移动菜单');
  await fillMenu(page, name, `m${Date.now().toString(36)}`);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(mobile.row(name)).toHaveCount(1);
  await mobile.search('菜单名称', name);
  await expect(mobile.row(name)).toHaveCount(1);

  await openLeaf(page, 'PC菜单', PC.path);
  const pc = crudOf(page, 'menu-pc');
  await pc.search('菜单名称', name);
  await expect(pc.root.locator('.ant-table-placeholder')).toBeVisible();

  await openLeaf(page, '移动菜单', MOBILE.path);
  await mobile
    .row(name)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(mobile.row(name)).toHaveCount(0);
});
