import { expect, type Page, test } from '@playwright/test';
import {
  closeDialog,
  confirmDialog,
  crudOf,
  dialog,
  dialogLoaded,
  login,
  openMenu,
  PARAMS,
  pickOption,
  toast,
} from './support';

/** The parameters as the API has them (the page's session token), to put back what a failed run removed. */
async function apiParams(page: Page, action: 'list' | Record<string, string>) {
  return page.evaluate(async (act) => {
    const session = JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state;
    const headers = {
      Authorization: `Basic ${btoa('plantdesk:plantdesk_secret')}`,
      'Blade-Auth': `bearer ${session.token}`,
      'Content-Type': 'application/json',
    };
    if (act === 'list') {
      const res = await fetch('/api/blade-system/param/list?size=50', { headers });
      return (await res.json()).data.records as Record<string, string>[];
    }
    await fetch('/api/blade-system/param/submit', { method: 'POST', headers, body: JSON.stringify(act) });
    return [];
  }, action);
}

let snapshot: Record<string, string>[] = [];

test.afterEach(async ({ page }) => {
  const now = new Set((await apiParams(page, 'list')).map((p) => p.paramKey));
  for (const p of snapshot.filter((p) => !now.has(p.paramKey)))
    await apiParams(page, {
      paramName: p.paramName,
      paramKey: p.paramKey,
      paramValue: p.paramValue,
      remark: p.remark ?? '',
    });
});

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, PARAMS.menu, PARAMS.path);
  if (!snapshot.length) snapshot = await apiParams(page, 'list');
  await expect(crudOf(page, 'param').root.locator('.ant-table')).toBeVisible();
});

const crud = (page: Page) => crudOf(page, 'param');

interface Saved {
  name: string;
  value: string;
  remark: string;
}

/** Reads a parameter from its row (name, value cells) and checks the read-only view dialog. */
async function read(page: Page, key: string): Promise<Saved> {
  await crud(page).search('参数键名', key);
  const row = crud(page).row(key);
  await expect(row).toHaveCount(1);
  const cells = row.locator('td');
  const name = (await cells.nth(1).innerText()).trim();
  const value = (await cells.nth(3).innerText()).trim();
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const view = dialog(page);
  await expect(view.getByLabel('参数名称')).toHaveValue(name);
  const saved = { name, value, remark: await view.getByLabel('备注').inputValue() };
  await expect(view.getByLabel('参数名称')).toBeDisabled();
  await closeDialog(page);
  return saved;
}

async function add(page: Page, key: string, saved: Saved) {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await form.getByLabel('参数名称').fill(saved.name);
  await form.getByLabel('参数键名').click();
  await pickOption(page, new RegExp(`^${key.replaceAll('.', '\\.')}（`));
  await form.getByLabel('参数键值').fill(saved.value);
  await form.getByLabel('备注').fill(saved.remark);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(form).toBeHidden();
}

async function edit(page: Page, key: string, value: string) {
  await crud(page).search('参数键名', key);
  await crud(page)
    .row(key)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  const form = dialog(page);
  await expect(form.getByLabel('参数名称')).not.toHaveValue('');
  await expect(form.getByLabel('参数键名')).toBeDisabled();
  await form.getByLabel('参数键值').fill(value);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
}

test('lists and searches the parameters', async ({ page }) => {
  await expect(crud(page).row('account.lockTime')).toHaveCount(1);
  await crud(page).search('参数名称', '密码');
  await expect(crud(page).row('account.PasswordMode')).toHaveCount(1);
  await expect(crud(page).row('account.lockTime')).toHaveCount(0);
  await crud(page).reset();
  await expect(crud(page).row('account.lockTime')).toHaveCount(1);
});

test('the form checks the name and non-negative integer values', async ({ page }) => {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toContainText('请输入参数名称');
  await expect(form).toContainText('请选择参数键名');
  await form.getByLabel('参数名称').fill('一二三四五六七八九十一二三四五六七八九十一');
  await expect(form).toContainText('参数名称长度在 1 到 20 个字符');
  await form.getByLabel('参数键名').click();
  await pickOption(page, /^account\.failCount（/);
  await form.getByLabel('参数键值').fill('-3');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toContainText('参数键值请输入非负数字值!');
});

test('editing lockTime and TokenTimeOut shows the server suffix; the key stays read-only', async ({
  page,
}) => {
  const lock = await read(page, 'account.lockTime');
  await edit(page, 'account.lockTime', '900');
  await expect(toast(page)).toContainText('更新成功, 刷新后生效！');
  await edit(page, 'account.lockTime', lock.value);
  await expect(toast(page)).toContainText('刷新后生效！');
  await expect(crud(page).row('account.lockTime')).toContainText(lock.value);

  const timeout = await read(page, 'account.TokenTimeOut');
  await edit(page, 'account.TokenTimeOut', timeout.value);
  await expect(toast(page)).toContainText('更新成功, 退出重新登录生效！');
});

test('delete and re-create a parameter; batch delete needs a selection', async ({ page }) => {
  // Four dialogs and two confirmations: more than the default on a busy machine.
  test.setTimeout(90_000);
  const residue = await read(page, 'license.residue');
  const period = await read(page, 'account.PasswordPeriod');
  await crud(page).reset();

  await crud(page)
    .button(/批量删除/)
    .click();
  await expect(toast(page)).toContainText('请选择至少一条数据');

  // One row
  await crud(page).search('参数键名', 'license.residue');
  await crud(page)
    .row('license.residue')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row('license.residue')).toHaveCount(0);
  await add(page, 'license.residue', residue);

  // Batch: the two keys back to back, then both re-created with their old values
  await crud(page).reset();
  await expect(crud(page).row('account.PasswordPeriod')).toHaveCount(1);
  for (const key of ['license.residue', 'account.PasswordPeriod'])
    await crud(page).row(key).getByRole('checkbox').check();
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row('license.residue')).toHaveCount(0);
  await expect(crud(page).row('account.PasswordPeriod')).toHaveCount(0);
  await add(page, 'license.residue', residue);
  await add(page, 'account.PasswordPeriod', period);
  await crud(page).search('参数键名', 'license.residue');
  await expect(crud(page).row('license.residue')).toContainText(residue.name);
});

test('PasswordMode is edited as type, length and content', async ({ page }) => {
  const mode = await read(page, 'account.PasswordMode');
  await crud(page)
    .row('account.PasswordMode')
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  const form = dialog(page);
  await form.getByRole('radio', { name: '安全模式' }).check();
  await form.getByRole('checkbox', { name: '特殊字符' }).check();
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(crud(page).row('account.PasswordMode')).toContainText(/safety,8,.*character/);
  // restore
  await crud(page)
    .row('account.PasswordMode')
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  if (mode.value === 'normal') await dialog(page).getByRole('radio', { name: '普通模式' }).check();
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('更新成功');
  if (mode.value === 'normal') await expect(crud(page).row('account.PasswordMode')).toContainText('normal');
});
