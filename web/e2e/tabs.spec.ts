import { expect, test } from '@playwright/test';
import { chooseMenuItem, login, NOTICES, openMenu, tab, tabLabels } from './support';

test.beforeEach(async ({ page }) => login(page));

test('menu navigation opens a tab per page and keeps Home first', async ({ page }) => {
  await openMenu(page, NOTICES.menu, NOTICES.path);
  await expect(tab(page, '通知公告')).toHaveClass(/ant-tabs-tab-active/);
  await expect(page).toHaveTitle('通知公告');

  await page.locator('.pd-user').click();
  await chooseMenuItem(page, '个人信息');
  await expect(page).toHaveURL(/\/info\/index$/);
  // Retrying: the tab appears a moment after the URL changes.
  await expect(page.locator('.pd-tabs [role="tab"]')).toHaveText(['首页', '通知公告', '个人信息']);

  // Back to an open tab: the page was kept alive, not reloaded into a new tab.
  await tab(page, '通知公告').click();
  await expect(page).toHaveURL(/\/desk\/notice$/);
  await expect(page.locator('.pd-tabs [role="tab"]')).toHaveCount(3);
});

test('close others, close all, and Home never closes', async ({ page }) => {
  await openMenu(page, NOTICES.menu, NOTICES.path);
  await page.goto('/info/index');
  await expect(tab(page, '个人信息')).toBeVisible();

  // Right after a reload the strip can still shift under the pointer; right-click again until the menu is up.
  await expect(async () => {
    await tab(page, '通知公告').click({ button: 'right' });
    await expect(page.locator('.ant-dropdown:visible')).toContainText('关闭其他', { timeout: 2000 });
  }).toPass({ timeout: 20000 });
  await chooseMenuItem(page, '关闭其他');
  expect(await tabLabels(page)).toEqual(['首页', '通知公告']);

  await page.locator('.pd-tabs .ant-tabs-extra-content button').click();
  await chooseMenuItem(page, '关闭全部');
  expect(await tabLabels(page)).toEqual(['首页']);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);
});

test('one tab menu at a time: the strip dropdown closes the context menu', async ({ page }) => {
  // Each menu by its own class: while one opens the other may still be fading out, so "one visible dropdown"
  // alone can hold before the second has appeared.
  const context = page.locator('.pd-tab-menu-context:visible');
  const strip = page.locator('.pd-tab-menu-more:visible');
  await tab(page, '首页').click({ button: 'right' });
  await expect(context).toHaveCount(1);
  await page.locator('.pd-tabs .ant-tabs-extra-content button').click();
  await expect(strip).toHaveCount(1);
  await expect(context).toHaveCount(0);
  await chooseMenuItem(page, '关闭全部');
});

test('closing a tab moves to its neighbour; clear cache asks and confirms', async ({ page }) => {
  await openMenu(page, NOTICES.menu, NOTICES.path);
  await tab(page, '通知公告').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/wel\/index$/);

  await tab(page, '首页').click({ button: 'right' });
  await chooseMenuItem(page, '清除缓存');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('是否需要清除缓存?');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message-notice')).toContainText('清除完毕');
});

test('an unknown path shows the 404 page inside the console frame', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.locator('.pd-sider')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});
