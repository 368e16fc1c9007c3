// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the data-scope variables are literally ${name}.
import { expect, type Page, test } from '@playwright/test';
import {
  closeDialog,
  closeDropdown,
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

const DATA = { menu: ['权限管理', '数据权限'], path: /\/authority\/datascope$/ };

const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const addButton = (page: Page, name: string) =>
  crudOf(page, name)
    .root.locator('.pd-crud-toolbar')
    .getByRole('button', { name: /新\s*增/ });

async function openLeaf(page: Page, name: string, path: RegExp) {
  await page.locator('.pd-sider').getByRole('menuitem', { name }).first().click();
  await expect(page).toHaveURL(path);
}

/** Picks the post screen's menu in the side tree through its search. */
async function pickPostMenu(page: Page, screen: string) {
  // Kept-alive screens stay in the page (hidden): act on this screen's tree. Children load on expand.
  const nodes = page.getByTestId(`scope-${screen}`).locator('.ant-tree-treenode');
  await nodes.filter({ hasText: '系统管理 (system)' }).locator('.ant-tree-switcher').click();
  await nodes.filter({ hasText: '岗位管理 (post)' }).locator('.ant-tree-node-content-wrapper').click();
}

/** The side tree's search lists matching menus (with their ancestors' matches) as a forest. */
async function searchMenuTree(page: Page, text: string) {
  const search = page.getByTestId('scope-datascope').getByLabel('搜索菜单');
  await search.fill(text);
  await search.press('Enter');
}

/** The data authority tree node of a scope (by its title). */
const scopeNode = (page: Page, title: string) =>
  page
    .getByTestId('dataauth')
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) });

test('data scopes per menu, granted to a role in data authority; API scopes per menu', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page);
  await openMenu(page, DATA.menu, DATA.path);
  await expect(page.getByTestId('scope-datascope').locator('.pd-scope-main')).toContainText(
    '请先在左侧选择菜单',
  );
  await searchMenuTree(page, '岗位');
  await expect(page.getByTestId('scope-datascope').locator('.pd-scope-side')).toContainText(
    '岗位管理 (post)',
  );
  await expect(page.getByTestId('scope-datascope').locator('.pd-scope-side')).not.toContainText(
    '工作台 (desk)',
  );
  await searchMenuTree(page, '');
  await pickPostMenu(page, 'datascope');
  const data = crudOf(page, 'datascope');
  await expect(data.root.locator('.ant-table')).toBeVisible();

  // Add: required messages, the menu code prefilled, custom rules need a column and a valid value.
  await addButton(page, 'datascope').click();
  await expect(dialog(page).getByLabel('权限编号')).toHaveValue('post');
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入权限名称');
  const name = uniqueName('e2e数据权限');
  await dialog(page).getByLabel('权限名称').fill(name);
  await dialog(page).getByLabel('规则类型').click();
  await pickOption(page, '自定义');
  await ok(page).click();
  await expect(dialog(page)).toContainText('自定义数据权限请输入权限字段');
  await expect(dialog(page)).toContainText('自定义数据权限请输入规则值');
  await dialog(page).getByLabel('权限字段').fill('create_user');
  const value = dialog(page).getByLabel('规则值');
  await value.fill('${bad}');
  await value.press('Enter');
  await ok(page).click();
  await expect(dialog(page)).toContainText('未知变量: bad');
  await dialog(page)
    .locator('.ant-select-selection-item-remove, .ant-select-content-item-remove')
    .first()
    .click();
  await value.click();
  await pickOption(page, '${userId}');
  await closeDropdown(page);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  const row = data.row(name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('自定义');
  await expect(row).toContainText('${userId}');

  await data.search('权限名称', name);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /查\s*看/ }).click();
  await expect(dialog(page).getByLabel('权限字段')).toHaveValue('create_user');
  await closeDialog(page);
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await dialogLoaded(page);
  await dialog(page).getByLabel('权限名称').fill(`${name}改`);
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(data.row(`${name}改`)).toHaveCount(1);

  // Data authority: grant the scope to the 用户 role, then take it back.
  await openLeaf(page, '数据授权', /\/authority\/dataauth$/);
  const auth = page.getByTestId('dataauth');
  await expect(auth).toContainText('请先在左侧选择角色');
  await auth.locator('.pd-scope-side').getByTitle('用户', { exact: true }).click();
  await expect(auth).toContainText('已授予 0 条数据权限');
  await auth.getByRole('button', { name: '展开全部' }).click();
  await scopeNode(page, `${name}改`).locator('.ant-tree-checkbox').click();
  await auth.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page)).toContainText('授权成功');
  await expect(auth).toContainText('已授予 1 条数据权限');
  await expect(scopeNode(page, `${name}改`).locator('.ant-tree-checkbox-checked')).toBeVisible();
  await scopeNode(page, `${name}改`).locator('.ant-tree-checkbox').click();
  await auth.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page)).toContainText('授权成功');
  await expect(auth).toContainText('已授予 0 条数据权限');

  await openLeaf(page, '数据权限', DATA.path);
  await data.button(/批量删除/).click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await data.row(`${name}改`).getByRole('checkbox').check();
  await data.button(/批量删除/).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(data.row(name)).toHaveCount(0);

  // API scopes of the same menu.
  await openLeaf(page, '接口权限', /\/authority\/apiscope$/);
  await pickPostMenu(page, 'apiscope');
  const apis = crudOf(page, 'apiscope');
  await expect(apis.root.locator('.ant-table')).toBeVisible();
  await addButton(page, 'apiscope').click();
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入权限名称');
  await expect(dialog(page)).toContainText('请输入接口地址');
  const apiName = uniqueName('e2e接口权限');
  await dialog(page).getByLabel('权限名称').fill(apiName);
  await dialog(page).getByLabel('权限路径').fill('/api/blade-system/post/e2e-none');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  const apiRow = apis.row(apiName);
  await expect(apiRow).toContainText('系统接口');
  await apiRow.getByRole('button', { name: /编\s*辑/ }).click();
  await dialogLoaded(page);
  await dialog(page).getByLabel('接口类型').click();
  await pickOption(page, '业务接口');
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(apiRow).toContainText('业务接口');
  await apiRow.getByRole('button', { name: /^删\s*除$/ }).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(apiRow).toHaveCount(0);
});
