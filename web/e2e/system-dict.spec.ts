import { expect, type Page, test } from '@playwright/test';
import { closeDialog, confirmDialog, crudOf, dialog, login, openMenu, toast } from './support';
import { xlsx } from './xlsx';

test.describe.configure({ timeout: 120_000 });

const DICTS = { menu: ['系统管理', '系统字典'], path: /\/system\/dict$/ };

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, DICTS.menu, DICTS.path);
  await expect(crudOf(page, 'dict').root.locator('.ant-table')).toBeVisible();
});

const parents = (page: Page) => crudOf(page, 'dict');
const children = (page: Page) => crudOf(page, 'dict-child');
/** The edit dialog has loaded the record (its OK button is enabled), so typing is not overwritten. */
const loaded = (page: Page) => expect(dialog(page).getByRole('button', { name: /确\s*定/ })).toBeEnabled();
const ok = (page: Page) =>
  dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();

/** A code unique per run (1-20 characters). */
const stamp = () => `e2e${Date.now().toString(36).slice(-7)}`;

async function addParent(page: Page, code: string, name: string) {
  await parents(page)
    .button(/新\s*增/)
    .click();
  await dialog(page).getByLabel('字典编号').fill(code);
  await dialog(page).getByLabel('字典名称').fill(name);
  await dialog(page).getByLabel('字典排序').fill('99');
  await ok(page);
  await expect(toast(page)).toContainText('新增成功');
}

async function addChild(page: Page, key: string, name: string) {
  const open = await page.getByRole('dialog').count();
  await children(page)
    .button(/新\s*增/)
    .click();
  await expect(dialog(page).getByLabel('字典编号')).toBeDisabled();
  await dialog(page).getByLabel('字典键值').fill(key);
  await dialog(page).getByLabel('字典名称').fill(name);
  await dialog(page).getByLabel('字典排序').fill(key);
  await ok(page);
  await expect(toast(page)).toContainText('新增成功');
  await expect(page.getByRole('dialog')).toHaveCount(open); // the add dialog gone, the items dialog still open
}

test('the rules of spec §5 on the client', async ({ page }) => {
  await parents(page)
    .button(/新\s*增/)
    .click();
  await ok(page);
  const form = dialog(page);
  await expect(form).toContainText('请输入字典编号');
  await expect(form).toContainText('请输入字典名称');
  await expect(form).toContainText('请输入字典排序');
  await form.getByLabel('字典编号').fill('x'.repeat(21));
  await form.getByLabel('字典名称').fill('y'.repeat(21));
  await form.getByLabel('字典备注').fill('z'.repeat(51));
  await expect(form).toContainText('字典编号长度在 1 到 20 个字符');
  await expect(form).toContainText('字典名称长度在 1 到 20 个字符');
  await expect(form).toContainText('字典备注长度在 1 到 50 个字符');
  await closeDialog(page);
});

test('parent and child tables: add, edit, seal, refused changes, delete', async ({ page }) => {
  const code = stamp();
  await addParent(page, code, `测试${code.slice(-4)}`);
  await parents(page).search('字典编号', code);
  await expect(parents(page).row(code)).toHaveCount(1);

  // The server's own refusal of a duplicate code.
  await parents(page)
    .button(/新\s*增/)
    .click();
  await dialog(page).getByLabel('字典编号').fill(code);
  await dialog(page).getByLabel('字典名称').fill('重复');
  await dialog(page).getByLabel('字典排序').fill('1');
  await ok(page);
  await expect(toast(page)).toContainText(`字典编号 [${code}] 已存在`);
  await closeDialog(page);

  await parents(page)
    .row(code)
    .getByRole('button', { name: /字典配置/ })
    .click();
  await expect(children(page).root).toBeVisible();
  await expect(children(page).root).toContainText('暂无数据');
  // Child rules: key, name, sort are required.
  await children(page)
    .button(/新\s*增/)
    .click();
  await expect(dialog(page).getByLabel('字典编号')).toHaveValue(code);
  await ok(page);
  await expect(dialog(page)).toContainText('请输入字典键值');
  await expect(dialog(page)).toContainText('请输入字典名称');
  await closeDialog(page);
  await expect(dialog(page)).toContainText('字典配置');

  await addChild(page, '1', '甲');
  await addChild(page, '2', '乙');
  await expect(children(page).root.locator('.ant-table-row')).toHaveCount(2);

  // Edit one.
  await children(page)
    .row('甲')
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await loaded(page);
  await expect(dialog(page).getByLabel('字典名称')).toHaveValue('甲');
  await dialog(page).getByLabel('字典名称').fill('甲改');
  await ok(page);
  await expect(toast(page)).toContainText('更新成功');
  await expect(children(page).row('甲改')).toHaveCount(1);

  // Seal the other: afterwards it has no edit or delete button, and the server refuses removal.
  await children(page)
    .row('乙')
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await loaded(page);
  await expect(dialog(page).getByLabel('字典名称')).toHaveValue('乙');
  await dialog(page).getByRole('radio', { name: '是' }).check();
  await ok(page);
  await expect(toast(page)).toContainText('更新成功');
  const sealed = children(page).row('乙');
  await expect(sealed).toContainText('已封存');
  await expect(sealed.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
  await expect(sealed.getByRole('button', { name: /^删\s*除$/ })).toHaveCount(0);
  await sealed.getByRole('checkbox').check();
  await children(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('该字典已封存,不可删除');
  // The server refuses an edit of the sealed row too.
  const refused = await page.evaluate(async (c) => {
    const session = JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state;
    const headers = {
      'Blade-Auth': `bearer ${session.token}`,
      Authorization: `Basic ${btoa('plantdesk:plantdesk_secret')}`,
      'Content-Type': 'application/json',
    };
    const list = await fetch(`/api/blade-system/dict/list?code=${c}`, { headers }).then((r) => r.json());
    const parent = list.data.records[0];
    const kids = await fetch(`/api/blade-system/dict/child-list?parentId=${parent.id}`, { headers }).then(
      (r) => r.json(),
    );
    const row = kids.data.records.find((r: { dictValue: string }) => r.dictValue === '乙');
    const answer = await fetch('/api/blade-system/dict/submit', {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...row, dictValue: '丙' }),
    });
    return (await answer.json()).msg;
  }, code);
  expect(refused).toBe('该字典已封存,不可修改');

  // The unsealed child can go.
  await children(page)
    .row('甲改')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(children(page).row('甲改')).toHaveCount(0);
  await closeDialog(page);
  await expect(children(page).root).toBeHidden();

  // The parent holds a sealed item: its removal is refused by the server.
  await parents(page)
    .row(code)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('该字典已封存,不可删除');
  await expect(parents(page).row(code)).toHaveCount(1);
});

test('delete a parent with its items; batch delete needs a selection', async ({ page }) => {
  const code = stamp();
  await addParent(page, code, `删除${code.slice(-4)}`);
  await parents(page).search('字典编号', code);
  await parents(page)
    .row(code)
    .getByRole('button', { name: /字典配置/ })
    .click();
  await addChild(page, '1', '一');
  await closeDialog(page);
  await parents(page)
    .button(/批量删除/)
    .click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await parents(page).row(code).getByRole('checkbox').check();
  await parents(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(parents(page).row(code)).toHaveCount(0);
});

test('export downloads an xlsx file', async ({ page }) => {
  await parents(page).search('字典编号', 'sex');
  const download = page.waitForEvent('download');
  await parents(page)
    .row('性别')
    .getByRole('button', { name: /导\s*出/ })
    .click();
  await confirmDialog(page, '是否导出数据?');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/系统字典-sex\.xlsx$/);
  const all = page.waitForEvent('download');
  await parents(page)
    .root.locator('.pd-crud-toolbar')
    .getByRole('button', { name: /导\s*出/ })
    .click();
  await confirmDialog(page, '是否导出数据?');
  expect((await all).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('import writes the good rows and reports the bad one', async ({ page }) => {
  const code = stamp();
  const file = xlsx([
    ['字典编号', '字典键值', '字典名称', '排序', '备注', '是否封存'],
    [code, '-1', '导入字典', 1, '', 0],
    [code, '1', '导入一', 1, '', 0],
    [code, '2', 'x'.repeat(25), 2, '', 0],
  ]);
  await parents(page)
    .button(/导\s*入/)
    .click();
  const chooser = page.waitForEvent('filechooser');
  await dialog(page).getByText('点击或将文件拖拽到这里上传').click();
  await (await chooser).setFiles({
    name: 'dict.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(dialog(page)).toContainText('共 3 条，成功 2 条，失败 1 条');
  const error = dialog(page).locator('.ant-table-row').filter({ hasText: '字典名称长度在 1 到 20 个字符' });
  await expect(error).toContainText('4');
  await closeDialog(page);
  await parents(page).search('字典编号', code);
  await expect(parents(page).row(code)).toHaveCount(1);
  await parents(page)
    .row(code)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
});
