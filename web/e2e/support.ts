import { expect, type Page } from '@playwright/test';

/** The seeded platform administrator (DESIGN §6). */
export const ADMIN = { tenantId: '000000', username: 'admin', password: 'admin' };

/** Logging in (an argon2 hash) and a screen's first visit (its chunk, then its data) take seconds more than the
 * usual 10 on the shared 2-core machine under load: these waits are for state, so a longer bound costs nothing
 * when it is quick. */
const LOADED = { timeout: 30_000 };

/** Signs in through the login page and waits for the home tab. */
export async function login(page: Page, account = ADMIN) {
  await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(account.username);
  // The field is prefilled with the platform tenant; any other tenant must be typed (fill waits for the
  // field to render, which an instant isVisible() check under load did not, logging in to 000000 instead).
  if (account.tenantId !== ADMIN.tenantId) await page.getByPlaceholder('租户编号').fill(account.tenantId);
  await page.getByPlaceholder('密码').fill(account.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, LOADED);
  await expect(tab(page, '首页')).toBeVisible(LOADED);
}

/** A tab of the tab strip (label and close button) by its label. */
export function tab(page: Page, label: string) {
  return page.locator('.pd-tabs .ant-tabs-tab').filter({ hasText: label });
}

export async function tabLabels(page: Page) {
  return page.locator('.pd-tabs [role="tab"]').allInnerTexts();
}

/** Opens a sidebar entry by its path of names, e.g. ['工作台', '通知公告'], and waits for its tab. */
export async function openMenu(page: Page, names: string[], path: RegExp) {
  const sider = page.locator('.pd-sider');
  for (const [index, name] of names.entries()) {
    const item = sider.getByRole('menuitem', { name }).first();
    // Clicking an already open catalogue would fold it and hide the entry below it.
    const isCatalogue = index < names.length - 1;
    if (isCatalogue && (await item.getAttribute('aria-expanded')) === 'true') continue;
    await item.click();
    // An entry clicked while its catalogue is still unfolding can be missed (the click ends on the
    // collapse animation's edge and nothing opens): wait for the motion to end.
    if (isCatalogue) await expect(sider.locator('.ant-motion-collapse')).toHaveCount(0);
  }
  // The path only: a screen keeping its table state in the URL reopens where it was left (`?q.name=...`).
  await expect.poll(() => new URL(page.url()).pathname, LOADED).toMatch(path);
  await expect(tab(page, names.at(-1) ?? '')).toBeVisible(LOADED);
}

export const NOTICES = { menu: ['工作台', '通知公告'], path: /\/desk\/notice$/ };

/** The toast currently shown (one at a time, spec §8). */
export function toast(page: Page) {
  return page.locator('.ant-message-notice').last();
}

export function uniqueName(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export const PARAMS = { menu: ['系统管理', '参数管理'], path: /\/system\/param$/ };
export const POSTS = { menu: ['系统管理', '岗位管理'], path: /\/system\/post$/ };
export const PACKAGES = { menu: ['系统管理', '租户产品包'], path: /\/system\/tenantpackage$/ };

/** A CrudPage by its option name, its rows and its search. */
export function crudOf(page: Page, name: string) {
  const root = page.locator(`[data-crud="${name}"]`);
  return {
    root,
    row: (text: string) => root.locator('.ant-table-row').filter({ hasText: text }),
    button: (name: RegExp) => root.getByRole('button', { name }),
    async search(label: string, value: string) {
      await root.locator('.pd-crud-search').getByLabel(label).fill(value);
      await root.getByRole('button', { name: /搜\s*索/ }).click();
    },
    async reset() {
      await root.getByRole('button', { name: /清\s*空/ }).click();
    },
  };
}

/** The open dialog (add / edit / view / confirm). */
export function dialog(page: Page) {
  return page.getByRole('dialog').last();
}

/** Waits until the top add/edit dialog has its record (OK is enabled once it is in): a value typed before
 * the record arrives is overwritten by it. */
export async function dialogLoaded(page: Page) {
  await expect(dialog(page).getByRole('button', { name: /确\s*定/ })).toBeEnabled();
}

/** Closes the top dialog or drawer by its own close button and waits until it is gone. Not Escape: antd
 * hands Escape to the overlay opened last, and a dropdown or tooltip still fading out inside the dialog
 * takes it, so the dialog stays open and the next click lands on its wrapper. */
export async function closeDialog(page: Page) {
  // A dialog still fading out (one its OK just closed) is counted and may be taken for the top one: wait until
  // no dialog or drawer is leaving before choosing which to close.
  await expect(
    page.locator('.ant-modal-wrap .ant-zoom-leave, .ant-drawer [class*="motion"][class*="-leave"]'),
  ).toHaveCount(0);
  const open = page.getByRole('dialog');
  const count = await open.count();
  await open.last().locator('.ant-modal-close, .ant-drawer-close').first().click();
  await expect(open).toHaveCount(count - 1);
}

/** Closes the open select or tree-select dropdown (Escape, as a user does) and waits until it has faded
 * out: until then it, not the dialog around it, receives the next Escape, and its options still match. */
export async function closeDropdown(page: Page) {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(open).toHaveCount(0, { timeout: 2000 });
  }).toPass();
}

/** Chooses an item of the open dropdown or context menu and waits until the menu has faded out, so the
 * next menu opened is the only one on the page (two at once make `menuitem` locators ambiguous). */
export async function chooseMenuItem(page: Page, name: string) {
  const open = page.locator('.ant-dropdown:visible');
  await open.getByRole('menuitem', { name }).click();
  await expect(open).toHaveCount(0);
}

/** Confirms the top dialog, which must say `text`, and waits until it has closed. */
export async function confirmDialog(page: Page, text: string) {
  const open = page.getByRole('dialog');
  const confirm = open.last();
  await expect(confirm).toContainText(text);
  const count = await open.count();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(open).toHaveCount(count - 1);
}

/** The spec's batch delete: refused with nothing selected, then the `count` rows that a search for `text`
 * under `label` finds are selected, confirmed and gone. */
export async function batchDelete(
  page: Page,
  list: ReturnType<typeof crudOf>,
  label: string,
  text: string,
  count = 2,
) {
  await list.button(/批量删除/).click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await list.search(label, text);
  await expect(list.row(text)).toHaveCount(count);
  for (const box of await list.row(text).getByRole('checkbox').all()) await box.check();
  await list.button(/批量删除/).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(list.row(text)).toHaveCount(0);
}

/** Picks an option of an antd Select (opened by clicking its field). */
export async function pickOption(page: Page, text: string | RegExp) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}
