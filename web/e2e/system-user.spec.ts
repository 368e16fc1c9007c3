import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  batchDelete,
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
import { xlsx } from './xlsx';

const USERS = { menu: ['系统管理', '用户管理'], path: /\/system\/user$/ };

// Each test creates users (argon2 hashing on the server): more time than the default.
test.describe.configure({ timeout: 120_000 });

/** A page in a new browser context (another signed-in user). */
async function fresh(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
  return context.newPage();
}

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, USERS.menu, USERS.path);
  await expect(crud(page).root.locator('.ant-table')).toBeVisible();
});

const crud = (page: Page) => crudOf(page, 'user');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

/** Ticks a node of the open tree-select dropdown by its title. */
async function tickTree(page: Page, title: string) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
    .filter({ hasText: title })
    .first()
    .locator('.ant-select-tree-checkbox')
    .click();
}

async function addUser(page: Page, account: string, realName: string) {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await form.getByLabel('登录账号').fill(account);
  await form.getByLabel('密码', { exact: true }).fill('Secret#123');
  await form.getByLabel('确认密码').fill('Secret#123');
  await form.getByLabel('用户姓名').fill(realName);
  await form.getByLabel('所属角色').click();
  await tickTree(page, '用户');
  await closeDropdown(page);
  await form.getByLabel('所属部门').click();
  await tickTree(page, '研发中心');
  await closeDropdown(page);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(form).toBeHidden();
}

/** Selects the listed row of `account` (search first so it is on the page). */
async function select(page: Page, account: string) {
  await crud(page).search('登录账号', account);
  await expect(crud(page).row(account)).toHaveCount(1);
  await crud(page).row(account).getByRole('checkbox').check();
}

test('add with the spec messages, search, view, edit and delete a user', async ({ page }) => {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await ok(page).click();
  await expect(form).toContainText('请输入登录账号');
  await expect(form).toContainText('请输入密码');
  await expect(form).toContainText('请再次输入密码');
  await expect(form).toContainText('请选择所属角色');
  await form.getByLabel('密码', { exact: true }).fill('abc 12345');
  await expect(form).toContainText('用户密码不允许输入空格');
  await form.getByLabel('密码', { exact: true }).fill('abc密码1234');
  await expect(form).toContainText('密码不可输入中文');
  await form.getByLabel('密码', { exact: true }).fill('Secret#123');
  await form.getByLabel('确认密码').fill('Secret#124');
  await expect(form).toContainText('两次输入密码不一致!');
  await form.getByLabel('手机号码').fill('1381234567');
  await expect(form).toContainText('手机号长度为11位');
  await form.getByLabel('手机号码').fill('23812345678');
  await expect(form).toContainText('手机号格式不正确');
  await closeDialog(page);

  const account = uniqueName('e2eu').replace(/-/g, '');
  const realName = uniqueName('e2e用户');
  await addUser(page, account, realName);

  await crud(page).search('登录账号', account);
  const row = crud(page).row(account);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(realName);
  await expect(row).toContainText('用户');
  await expect(row).toContainText('PlantDesk 研发中心');
  await expect(row).toContainText('正常');

  await row.getByRole('button', { name: /查\s*看/ }).click();
  await expect(dialog(page).getByLabel('登录账号')).toHaveValue(account);
  await expect(dialog(page).getByLabel('登录账号')).toBeDisabled();
  await expect(dialog(page).getByLabel('密码', { exact: true })).toHaveCount(0);
  await closeDialog(page);

  const edited = `${realName}改`;
  await crud(page)
    .row(account)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('用户姓名')).toHaveValue(realName);
  await expect(dialog(page).getByLabel('密码', { exact: true })).toHaveCount(0);
  await dialog(page).getByLabel('用户姓名').fill(edited);
  await dialog(page).getByLabel('手机号码').fill('13912345678');
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await crud(page).search('用户姓名', edited);
  await expect(crud(page).row(account)).toHaveCount(1);

  // The server's own message on a refused submit (duplicate account); the dialog stays open.
  await crud(page)
    .button(/新\s*增/)
    .click();
  await dialog(page).getByLabel('登录账号').fill(account);
  await dialog(page).getByLabel('密码', { exact: true }).fill('Secret#123');
  await dialog(page).getByLabel('确认密码').fill('Secret#123');
  await dialog(page).getByLabel('用户姓名').fill('重复');
  await dialog(page).getByLabel('所属角色').click();
  await tickTree(page, '用户');
  await closeDropdown(page);
  await dialog(page).getByLabel('所属部门').click();
  await tickTree(page, '研发中心');
  await closeDropdown(page);
  await ok(page).click();
  await expect(toast(page)).toContainText(`当前用户 [${account}] 已存在!`);
  await expect(dialog(page)).toBeVisible();
  await closeDialog(page);

  await crud(page)
    .row(account)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(account)).toHaveCount(0);
});

test('batch delete needs a selection, then removes the selected users', async ({ page }) => {
  const prefix = `e2eb${Date.now().toString(36)}`;
  await addUser(page, `${prefix}a`, '批量甲');
  await addUser(page, `${prefix}b`, '批量乙');
  await batchDelete(page, crud(page), '登录账号', prefix);
});

test('the department tree filters the list', async ({ page }) => {
  const account = `e2ed${Date.now().toString(36)}`;
  await addUser(page, account, '部门过滤');
  const tree = page.locator('.pd-dept-tree');
  await tree.getByText('PlantDesk 运维中心').click();
  await expect(crud(page).row('admin')).toHaveCount(0);
  await expect(crud(page).row(account)).toHaveCount(0);
  await tree.getByText('PlantDesk 研发中心').click();
  await expect(crud(page).row(account)).toHaveCount(1);
  await tree.getByText('PlantDesk 研发中心').click();
  await expect(crud(page).row('admin')).toHaveCount(1);
  await select(page, account);
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
});

test('grant roles, lock and unlock, platform settings', async ({ page }) => {
  const account = `e2eg${Date.now().toString(36)}`;
  await addUser(page, account, '授权用户');

  for (const name of [/角色配置/, /密码重置/, /账号锁定/, /账号解封/]) {
    await crud(page).search('登录账号', '');
    await crud(page).button(name).click();
    await expect(toast(page)).toContainText('请选择至少一条数据');
  }

  await select(page, account);
  await crud(page)
    .button(/角色配置/)
    .click();
  const grant = dialog(page);
  await expect(grant).toContainText('用户角色配置');
  await grant
    .locator('.ant-tree-treenode')
    .filter({ hasText: '超级管理员' })
    .locator('.ant-tree-checkbox')
    .click();
  await grant.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('操作成功');
  await expect(crud(page).row(account)).toContainText('超级管理员');

  await crud(page).row(account).getByRole('checkbox').check();
  await crud(page)
    .button(/账号锁定/)
    .click();
  await confirmDialog(page, '确定将选择账号锁定?');
  await expect(crud(page).row(account)).toContainText('锁定');
  await crud(page).row(account).getByRole('checkbox').check();
  await crud(page)
    .button(/账号解封/)
    .click();
  await confirmDialog(page, '确定将选择账号解封?');
  await expect(crud(page).row(account)).toContainText('正常');

  await crud(page)
    .row(account)
    .getByRole('button', { name: /平台配置/ })
    .click();
  const platform = dialog(page);
  await expect(platform.getByLabel('登录账号')).toHaveValue(account);
  await platform.getByLabel('用户平台').click();
  await pickOption(page, 'APP');
  await platform.getByLabel('用户拓展').fill('{"source":"e2e"}');
  await platform.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(crud(page).row(account)).toContainText('APP');
  await crud(page)
    .row(account)
    .getByRole('button', { name: /平台配置/ })
    .click();
  await expect(dialog(page).getByLabel('用户拓展')).toHaveValue('{"source":"e2e"}');
  await closeDialog(page);

  await crud(page)
    .row(account)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
});

test('reset password: the user signs in with 123456 and must set a new one', async ({
  page,
  browser,
}, testInfo) => {
  const account = `e2er${Date.now().toString(36)}`;
  await addUser(page, account, '重置用户');
  await select(page, account);
  await crud(page)
    .button(/密码重置/)
    .click();
  await confirmDialog(page, '确定将选择账号密码重置为初始密码?');
  await expect(toast(page)).toContainText('操作成功');

  // A fresh browser session signs in as the user.
  const other = await fresh(browser, testInfo);
  await other.goto('/login');
  const tenant = other.getByPlaceholder('租户编号');
  if (await tenant.isVisible()) await tenant.fill('000000');
  await other.getByPlaceholder('用户名').fill(account);
  await other.getByPlaceholder('密码').fill('123456');
  await other.getByRole('button', { name: /登\s*录/ }).click();
  await expect(dialog(other)).toContainText('初始密码');
  await expect(dialog(other).getByLabel('新密码')).toBeVisible();
  await expect(other).toHaveURL(/\/login$/);
  await other.context().close();
});

test('import: the template downloads, a bad row is reported and the good row is imported; export', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const good = `e2eimp${stamp}`;
  const bad = `e2ebad${stamp}`;
  await crud(page)
    .button(/导\s*入/)
    .click();
  const box = dialog(page);
  await expect(box).toContainText('数据导入');
  const template = page.waitForEvent('download');
  await box.getByRole('button', { name: '点击下载导入模板' }).click();
  expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);

  const file = xlsx([
    ['账号', '姓名', '昵称', '邮箱', '手机号', '性别', '角色', '部门', '岗位'],
    [good, '导入甲', '', '', '13700000001', '男', '用户', 'PlantDesk 研发中心', ''],
    [bad, '导入乙', '', '', '', '', `不存在的角色${stamp}`, '', ''],
  ]);
  await box.locator('input[type="file"]').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(box).toContainText('共 2 条，成功 1 条，失败 1 条');
  const errorRow = box.locator('.ant-table-row').filter({ hasText: `不存在的角色${stamp}` });
  await expect(errorRow).toContainText('3');
  await closeDialog(page);

  await crud(page).search('登录账号', good);
  await expect(crud(page).row(good)).toHaveCount(1);
  await expect(crud(page).row(good)).toContainText('PlantDesk 研发中心');
  await crud(page).search('登录账号', bad);
  await expect(crud(page).root.locator('.ant-table-row')).toHaveCount(0);

  await crud(page).search('登录账号', '');
  await crud(page)
    .button(/导\s*出/)
    .click();
  const exported = page.waitForEvent('download');
  await confirmDialog(page, '是否导出数据?');
  expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);

  await select(page, good);
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
});

test('the platform administrator manages another tenant; its admin sees only its own users', async ({
  page,
  browser,
}, testInfo) => {
  await crud(page).root.getByLabel('所属租户').click();
  await pickOption(page, '356782');
  // Other specs add users to this tenant: search, so the seeded account is on the first page.
  await crud(page).search('登录账号', 'admin');
  await expect(crud(page).row('admin')).toHaveCount(1);
  await expect(crud(page).row('admin')).toContainText('Demo Chemical Plant');
  await expect(page.locator('.pd-dept-tree')).toContainText('Demo Chemical Plant');

  const account = `e2et${Date.now().toString(36)}`;
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await expect(form.getByLabel('所属租户')).toBeVisible();
  await form.getByLabel('登录账号').fill(account);
  await form.getByLabel('密码', { exact: true }).fill('Secret#123');
  await form.getByLabel('确认密码').fill('Secret#123');
  await form.getByLabel('用户姓名').fill('租户用户');
  await form.getByLabel('所属角色').click();
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText('超级管理员');
  await tickTree(page, 'User');
  await closeDropdown(page);
  await form.getByLabel('所属部门').click();
  await tickTree(page, 'Production');
  await closeDropdown(page);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await crud(page).search('登录账号', account);
  await expect(crud(page).row(account)).toContainText('Demo Chemical Plant');
  await crud(page)
    .row(account)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');

  // The demo tenant's administrator: no tenant picker, only tenant 356782's users.
  const demo = await fresh(browser, testInfo);
  await login(demo, { tenantId: '356782', username: 'admin', password: 'admin' });
  await openMenu(demo, USERS.menu, USERS.path);
  await expect(crud(demo).root.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await crud(demo).search('登录账号', 'zhangwei');
  await expect(crud(demo).row('zhangwei')).toHaveCount(1);
  await expect(crud(demo).root.getByLabel('所属租户')).toHaveCount(0);
  await expect(crud(demo).root.locator('.ant-table-thead')).not.toContainText('所属租户');
  await demo.context().close();
});

test('a sorted, filtered list opened from its URL shows the same page; back and forward walk the changes', async ({
  page,
  browser,
}, testInfo) => {
  // Two users made through the dialog and a second browser signing in: more than the file's default.
  test.setTimeout(240_000);
  const prefix = `e2es${Date.now().toString(36)}`;
  await addUser(page, `${prefix}a`, '排序甲');
  await addUser(page, `${prefix}b`, '排序乙');
  const listed = async (p: Page) =>
    (await crudOf(p, 'user').root.locator('.ant-table-row').allInnerTexts()).map(
      (text) => text.match(new RegExp(`${prefix}[ab]`))?.[0] ?? text,
    );
  const accounts = () => listed(page);
  const header = crud(page).root.locator('th').filter({ hasText: '登录账号' });

  // Filter, then sort from the column header: each step lands in the URL.
  await crud(page).search('登录账号', prefix);
  await expect(page).toHaveURL(new RegExp(`q\\.account=${prefix}`));
  await header.click();
  await expect(page).toHaveURL(/ascs=account/);
  await expect.poll(accounts).toEqual([`${prefix}a`, `${prefix}b`]);
  await header.click();
  await expect(page).toHaveURL(/descs=account/);
  await expect.poll(accounts).toEqual([`${prefix}b`, `${prefix}a`]);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const shared = page.url();

  // Back: the ascending page again; forward: descending.
  await page.goBack();
  await expect(page).toHaveURL(/ascs=account/);
  await expect.poll(accounts).toEqual([`${prefix}a`, `${prefix}b`]);
  await page.goForward();
  await expect.poll(accounts).toEqual([`${prefix}b`, `${prefix}a`]);

  // The shared link opened directly by another signed-in browser: same filter, sort and rows.
  const other = await fresh(browser, testInfo);
  await login(other);
  await other.goto(shared);
  const otherCrud = crudOf(other, 'user');
  await expect(otherCrud.root.locator('.pd-crud-search').getByLabel('登录账号')).toHaveValue(prefix);
  await expect(otherCrud.root.locator('th').filter({ hasText: '登录账号' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(() => listed(other)).toEqual([`${prefix}b`, `${prefix}a`]);

  // A creation-time range in the link: the picker shows it, and a range before any user finds none.
  await other.goto(`/system/user?q.account=${prefix}&q.createTime_datele=2000-01-01+00%3A00%3A00`);
  await expect(otherCrud.root.locator('.pd-crud-search input[placeholder="结束时间"]')).toHaveValue(
    '2000-01-01 00:00:00',
  );
  await expect(otherCrud.root).toContainText('暂无数据');
  await other.context().close();
});
