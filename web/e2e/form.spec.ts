import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { crudOf, dialog, login, openMenu, pickOption, toast, uniqueName } from './support';

// One story: a hook, a form designed with a sub-table and a remote dictionary (undo/redo by the keys, preview,
// publish), filled in by another user, and its submission in the form log with the values.
test.describe.configure({ timeout: 180_000 });

const HOOKS = { menu: ['表单管理', '表单钩子'], path: /\/form\/hook$/ };
const DESIGN = { menu: ['表单管理', '表单设计'], path: /\/form\/design$/ };
const FILL = { menu: ['表单管理', '表单填报'], path: /\/form\/fill$/ };
const LOGS = { menu: ['表单管理', '表单日志'], path: /\/form\/log$/ };
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown, params?: object) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state?.token,
  );
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` },
    params: params as Record<string, string>,
    data,
  });
  const body = await response.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

/** A second administrator of the platform tenant, to fill the form in as someone else. */
async function secondUser(page: Page, account: string) {
  const [role] = await api<{ id: string }[]>(page, 'GET', '/blade-system/role/list', undefined, {
    roleAlias: 'administrator',
  });
  const [dept] = await api<{ id: string }[]>(page, 'GET', '/blade-system/dept/list');
  // md5('123456'), as the console sends passwords
  await api(page, 'POST', '/blade-user/submit', {
    account,
    name: account,
    realName: `Filler ${account}`,
    password: 'e10adc3949ba59abbe56e057f20f883e',
    roleId: role.id,
    deptId: dept.id,
    tenantId: '000000',
    userType: 1,
  });
}

/** Drags `from` onto the lower end of `to` (a container's free space: the end) with the mouse, in small
 * steps so dnd-kit sees a drag. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 12, { steps: 12 });
  await page.mouse.up();
}

/** Takes focus out of the config panel's inputs, where the keys are the input's own undo. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function asUser(browser: Browser, account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, { tenantId: '000000', username: account, password: '123456' });
  return page;
}

test('design with a sub-table and a remote dictionary, undo/redo, preview, publish, fill in as another user, see the log', async ({
  page,
  browser,
}) => {
  const hookName = uniqueName('班次钩子');
  const formName = uniqueName('巡检表');
  const filler = `filler${Date.now().toString(36)}`;
  const inspector = uniqueName('王强');

  await login(page);
  await secondUser(page, filler);

  // A remote dictionary over the business dictionary `shift`.
  await openMenu(page, HOOKS.menu, HOOKS.path);
  const hooks = crudOf(page, 'form-hook');
  await hooks.button(/新\s*增/).click();
  await dialog(page).getByLabel('钩子名称').fill(hookName);
  await dialog(page).getByLabel('字典编码').fill('shift');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('新增成功');

  // Design: a text field, a dropdown on the hook, a sub-table with a column.
  await openMenu(page, DESIGN.menu, DESIGN.path);
  const root = page.locator('[data-container="root"]');
  await expect(root).toContainText('从左侧拖拽来添加字段');
  await page.locator('[data-form-name]').fill(formName);
  const undo = page.getByRole('button', { name: '撤销' });

  await drag(page, page.locator('[data-widget="input"]'), root);
  await expect(root.locator('[data-field]')).toHaveCount(1);
  await page.locator('#pd-prop-label').fill('巡检人');
  await page.locator('#pd-prop-required').click();

  await drag(page, page.locator('[data-widget="select"]'), root);
  await expect(root.locator(':scope > [data-field]')).toHaveCount(2);
  await page.locator('#pd-prop-label').fill('班次');
  await page.locator('#pd-prop-dicOption').click();
  await pickOption(page, '远程数据');
  await page.locator('#pd-prop-hookId').click();
  await pickOption(page, hookName);

  await drag(page, page.locator('[data-widget="dynamic"]'), root);
  const table = page.locator('[data-container^="dynamic:"]');
  await expect(table).toContainText('拖拽字段到子表单');
  await drag(page, page.locator('[data-widget="input"]'), table);
  await expect(table.locator('[data-field]')).toHaveCount(1);
  await page.locator('#pd-prop-label').fill('检查项');

  // A sub-table refuses a sub-table: the drop lands beside it (the nearest legal place), never inside.
  await drag(page, page.locator('[data-widget="dynamic"]'), table.locator('[data-field]'));
  await expect(page.locator('[data-type="dynamic"]')).toHaveCount(2);
  await expect(table.first().locator('[data-type="dynamic"]')).toHaveCount(0);
  await undo.click();
  await expect(page.locator('[data-type="dynamic"]')).toHaveCount(1);

  // Undo and redo with the keys (focus outside the text inputs).
  await blur(page);
  const fields = page.locator('[data-canvas] [data-field]');
  const before = await fields.count();
  await drag(page, page.locator('[data-widget="number"]'), root);
  await expect(fields).toHaveCount(before + 1);
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect(fields).toHaveCount(before);
  await page.keyboard.press('Control+Shift+z');
  await expect(fields).toHaveCount(before + 1);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await expect(fields).toHaveCount(before + 1);
  await undo.click();
  await expect(fields).toHaveCount(before);

  // The generated JSON speaks avue's vocabulary.
  await page.getByRole('button', { name: '生成JSON' }).click();
  const json = JSON.parse((await page.locator('[data-json]').innerText()) || '{}');
  expect(json.column.map((c: { label: string }) => c.label)).toEqual(['巡检人', '班次', '子表单']);
  expect(json.column[1].dicUrl).toMatch(/^\/api\/form\/formhook\/getData\/\d+$/);
  expect(json.column[2].children.column[0].label).toBe('检查项');
  await dialog(page).locator('.ant-modal-close').click();

  // Preview with the runtime renderer: the remote dictionary's items, the spec's required message.
  await page.getByRole('button', { name: '预览' }).click();
  const preview = dialog(page);
  await preview.locator('[data-field] .ant-select').first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('早班');
  await page.keyboard.press('Escape');
  await preview.getByRole('button', { name: /提\s*交/ }).click();
  await expect(preview).toContainText('巡检人必须填写');
  await preview.locator('.ant-modal-close').click();

  await page.getByRole('button', { name: /发\s*布/ }).click();
  await expect(toast(page)).toContainText('发布成功 v1');

  // Another user fills it in.
  const other = await asUser(browser, filler);
  await openMenu(other, FILL.menu, FILL.path);
  await other.locator(`[data-fill-form="${formName}"]`).click();
  const filled = other.locator('[data-form-renderer]');
  await filled.locator('[data-field]').first().locator('input').fill(inspector);
  await filled.locator('[data-field]').nth(1).locator('.ant-select').click();
  await pickOption(other, '夜班');
  await filled.getByRole('button', { name: '添加一行' }).click();
  await filled.locator('[data-sub-table] input').first().fill('密封泄漏');
  await filled.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(other)).toContainText('提交成功');
  await other.context().close();

  // The log shows the submission and its values.
  await openMenu(page, LOGS.menu, LOGS.path);
  const logs = crudOf(page, 'form-log');
  await logs.search('表单名称', formName);
  await expect(logs.row(formName)).toHaveCount(1);
  await expect(logs.row(formName)).toContainText(`Filler ${filler}`);
  await logs.row(formName).getByRole('button', { name: '填报内容' }).click();
  const values = page.locator('[data-log-values]');
  await expect(values).toContainText(inspector);
  // The remote dictionary's label, not its stored key ('3').
  await expect(values).toContainText('夜班');
  await expect(values).toContainText('密封泄漏');
});

test('the advanced palette, an event hook, a whole group dragged, and the history surviving a reload', async ({
  page,
}) => {
  const formName = uniqueName('高级表单');
  await login(page);
  await openMenu(page, DESIGN.menu, DESIGN.path);
  // A form of an earlier run of this spec on the same browser profile is not this one: start clean.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('plantdesk-form-history:')) localStorage.removeItem(key);
  });
  await page.reload();
  const root = page.locator('[data-container="root"]');
  await expect(root).toContainText('从左侧拖拽来添加字段');
  const palette = page.locator('[data-palette]');
  await expect(palette).toContainText('高级字段');

  // Each advanced widget from the palette: one dragged, the others added by a double click.
  await drag(page, palette.locator('[data-widget="slider"]'), root);
  for (const type of ['rate', 'switch', 'upload', 'ueditor', 'map']) {
    await palette.locator(`[data-widget="${type}"]`).dblclick();
  }
  for (const type of ['slider', 'rate', 'switch', 'upload', 'ueditor', 'map']) {
    await expect(root.locator(`[data-type="${type}"]`)).toHaveCount(1);
  }
  // The map field (selected last) is required; the slider's minimum is clamped to 0 (spec §5).
  await page.locator('#pd-prop-required').click();
  await root.locator('[data-type="slider"]').click();
  await page.locator('#pd-prop-min').fill('-5');
  await page.locator('#pd-prop-min').blur();
  await expect(page.locator('#pd-prop-min')).toHaveValue('0');

  // An event hook: the rate shows the switch only when it is 5 stars; the switch starts hidden.
  await root.locator('[data-type="switch"]').click();
  await page.locator('#pd-prop-display').click();
  await root.locator('[data-type="rate"]').click();
  await page.getByText('事件钩子').click();
  const change = page.locator('[data-prop="change"]');
  await change.locator('[data-add-hook]').click();
  await change.getByLabel('目标字段').click();
  await pickOption(page, '开关');
  await change.getByLabel('当值等于(可空)').fill('5');
  await blur(page);

  // Preview renders each widget and runs the hook.
  await page.getByRole('button', { name: '预览' }).click();
  const preview = dialog(page);
  await expect(preview.locator('.ant-slider')).toHaveCount(1);
  await expect(preview.locator('[data-map]')).toHaveCount(1);
  await expect(preview.locator('.ql-editor')).toHaveCount(1);
  await expect(preview.getByRole('button', { name: '上传' })).toBeVisible();
  await expect(preview.locator('.ant-switch')).toHaveCount(0);
  await preview.locator('.ant-rate-star').nth(4).click();
  await expect(preview.locator('.ant-switch')).toHaveCount(1);
  await preview.locator('.ant-rate-star').nth(1).click();
  await expect(preview.locator('.ant-switch')).toHaveCount(0);
  await preview.getByRole('button', { name: /提\s*交/ }).click();
  await expect(preview).toContainText('请输入坐标选择');
  await preview.locator('.ant-modal-close').click();

  // Two groups; the second is dragged by its head above the first, its field with it, as one undo step.
  await palette.locator('[data-widget="group"]').dblclick();
  await page.locator('#pd-prop-label').fill('第一组');
  await palette.locator('[data-widget="group"]').dblclick();
  await page.locator('#pd-prop-label').fill('第二组');
  const groups = page.locator('[data-canvas] [data-group]');
  await drag(page, palette.locator('[data-widget="input"]'), groups.nth(1).locator('[data-container]'));
  await expect(groups.nth(1).locator('[data-field]')).toHaveCount(1);
  await blur(page);
  await dragAbove(page, groups.nth(1).locator('.pd-group-head'), groups.nth(0).locator('.pd-group-head'));
  await expect(groups.nth(0)).toContainText('第二组');
  await expect(groups.nth(0).locator('[data-field]')).toHaveCount(1);
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(groups.nth(0)).toContainText('第一组');
  await page.getByRole('button', { name: '重做' }).click();
  await expect(groups.nth(0)).toContainText('第二组');

  // The history survives a reload: the same form, and undo/redo go on from where they were.
  const fields = page.locator('[data-canvas] [data-field]');
  const count = await fields.count();
  await page.waitForTimeout(400); // the history is written 300 ms after a change (or when the page goes)
  await page.reload();
  await expect(fields).toHaveCount(count);
  await expect(groups.nth(0)).toContainText('第二组');
  const undo = page.getByRole('button', { name: '撤销' });
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(groups.nth(0)).toContainText('第一组');
  await page.getByRole('button', { name: '重做' }).click();
  await expect(groups.nth(0)).toContainText('第二组');

  // Saving drops the kept history: after a reload there is nothing to undo.
  await page.locator('[data-form-name]').fill(formName);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page)).toContainText('保存成功');
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await page.reload();
  await expect(fields).toHaveCount(count);
  await expect(undo).toBeDisabled();
});

/** Drags `from` by the pointer onto the top edge of `to` (a vertical list: lands before it). */
async function dragAbove(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not visible');
  await page.mouse.move(a.x + 20, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 32, a.y + a.height / 2 - 12, { steps: 4 });
  await page.mouse.move(b.x + 20, b.y + 3, { steps: 16 });
  await page.mouse.up();
}
