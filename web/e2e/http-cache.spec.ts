import { expect, type Request, test } from '@playwright/test';
import { login } from './support';

// The hot reads (menus, dictionaries, the bell, the user page) answer an ETag with `Cache-Control: private,
// no-cache` (docs/decisions.md, "One cache mechanism"). The console sends no If-None-Match itself: the browser's
// HTTP cache does, for axios's XMLHttpRequest, and hands the kept body to the page when the answer is a 304.
// This spec pins that behaviour in Chromium, so a change on either side (a cache-busting parameter, a
// `no-store`, a hand-made If-None-Match that would surface the bare 304) fails here.

const ROUTES = '/api/blade-system/menu/routes';

test('an unchanged menu is revalidated by the browser and rendered from its cache', async ({ page }) => {
  // The first page's own menu requests are done before the reload: one still in flight would be taken for the
  // reloaded page's, and its body is gone with the page. (Not `networkidle`: the live channel's stream stays open.)
  let inFlight = 0;
  const counted = (delta: number) => (r: Request) => {
    if (new URL(r.url()).pathname === ROUTES) inFlight += delta;
  };
  page.on('request', counted(1));
  page.on('requestfinished', counted(-1));
  page.on('requestfailed', counted(-1));
  await login(page);
  await expect(page.locator('.pd-sider').getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await expect.poll(() => inFlight).toBe(0);
  const finished = page.waitForEvent('requestfinished', (r) => new URL(r.url()).pathname === ROUTES);

  // The shell asks for the menus again after a reload (the stored session renders first, then refreshes).
  await page.reload();
  const request = await finished;
  const sent = await request.allHeaders();
  expect(sent['if-none-match']).toMatch(/^W\/"[0-9a-f]{32}"$/);
  // On the wire the server answered 304 with no body; the page saw a 200 with the kept body (Playwright reports
  // what the page saw) and the sidebar is there.
  const response = await request.response();
  expect(response?.status()).toBe(200);
  expect((await request.sizes()).responseBodySize).toBe(0);
  expect((await response?.body())?.length).toBeGreaterThan(100);
  await expect(page.locator('.pd-sider').getByRole('menuitem', { name: '系统管理' })).toBeVisible();

  // The same through the page's own XMLHttpRequest: status 200 and the whole body, although the server sent none.
  const seen = await page.evaluate(async (etagPath) => {
    const session = JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}');
    const token = session?.state?.token as string | undefined;
    const tenant = (session?.state?.tenantId as string | undefined) ?? '000000';
    const get = () =>
      new Promise<{ status: number; length: number }>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('GET', etagPath);
        xhr.setRequestHeader('Authorization', `Basic ${btoa('plantdesk:plantdesk_secret')}`);
        xhr.setRequestHeader('Tenant-Id', tenant);
        if (token) xhr.setRequestHeader('Blade-Auth', `bearer ${token}`);
        xhr.onload = () => resolve({ status: xhr.status, length: xhr.responseText.length });
        xhr.send();
      });
    return [await get(), await get()];
  }, ROUTES);
  expect(seen[1].status).toBe(200);
  expect(seen[1].length).toBe(seen[0].length);
  expect(seen[1].length).toBeGreaterThan(100);
});
