import { expect, type Page, test } from '@playwright/test';
import { login, tab } from './support';

const DEMO_ADMIN = { tenantId: '356782', username: 'admin', password: 'admin' };
const ZHANGWEI = { tenantId: '356782', username: 'zhangwei', password: '123456' };

// One login walks the home, four screens and the layout: more than the default 45 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** Every 403 the console receives from now on. */
function forbidden(page: Page) {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) seen.push(response.url());
  });
  return seen;
}

test('the demo home shows the plant live, asks nothing it may not read, and every screen keeps the frame', async ({
  page,
}) => {
  const refused = forbidden(page);
  await login(page, DEMO_ADMIN);
  const home = page.getByTestId('plant-home');
  // The first summary of a fresh server reads every device's state: generous on a loaded machine.
  await expect(home.locator('[data-card="devices"]')).toBeVisible({ timeout: 30_000 });
  for (const card of ['alarms', 'trend', 'production', 'tasks', 'admin'])
    await expect(home.locator(`[data-card="${card}"]`)).toBeVisible();
  await expect(page.getByTestId('home-live')).toContainText('实时');
  await expect(home.getByTestId('home-point').first()).toBeVisible();
  // The administrative counters come last for an administrator, and a tenant's administrator sees no tenants.
  await expect(home.locator('[data-card]').last()).toHaveAttribute('data-card', 'admin');
  await expect(home.locator('[data-counter="tenants"]')).toHaveCount(0);
  expect(refused).toEqual([]);

  // The frame routes open inside the console, without a tab; so does an unknown path's 404.
  // (a full page load each: generous waits for a loaded machine)
  for (const path of ['/index/knowledge', '/index/warnManagement', '/nope']) {
    await page.goto(path);
    await expect(page.locator('.pd-sider')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.pd-tabs')).toBeVisible();
  }
  await expect(page.getByText('404').first()).toBeVisible();

  // A card's click opens its screen; the layout is the user's own (hide one card, it stays hidden).
  await tab(page, '首页').click();
  await home.locator('[data-card="devices"]').getByTestId('home-online').click();
  await expect(page).toHaveURL(/\/device\/device$/);
  // The ledger settles its table state into the URL once its rows are there; leave it only after that.
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await tab(page, '首页').click();
  await page.getByTestId('home-arrange').click();
  await page.getByTestId('home-arrange-tasks').getByRole('switch').click();
  await page.getByTestId('home-save').click();
  await expect(home.locator('[data-card="tasks"]')).toHaveCount(0);
  await page.reload();
  await expect(home.locator('[data-card="alarms"]')).toBeVisible();
  await expect(home.locator('[data-card="tasks"]')).toHaveCount(0);
  await page.getByTestId('home-arrange').click();
  await page.getByRole('button', { name: '恢复默认' }).click();
  await expect(home.locator('[data-card="tasks"]')).toBeVisible();
});

test('zhangwei sees monitoring and alarms', async ({ page }) => {
  const refused = forbidden(page);
  await login(page, ZHANGWEI);
  const home = page.getByTestId('plant-home');
  await expect(home.locator('[data-card="devices"]')).toBeVisible({ timeout: 30_000 });
  await expect(home.locator('[data-card="alarms"]')).toBeVisible();
  await expect(home.locator('[data-card="admin"]')).toHaveCount(0);
  const sider = page.locator('.pd-sider');
  await expect(sider.getByRole('menuitem', { name: '设备管理' })).toBeVisible();
  await expect(sider.getByRole('menuitem', { name: '告警管理' })).toBeVisible();
  expect(refused).toEqual([]);
});
