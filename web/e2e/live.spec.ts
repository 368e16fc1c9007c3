import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { login, uniqueName } from './support';

const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;
const BELL_PAGE = /\/api\/system\/systemNotice\/page/;

/** How many times the console has read the bell's list so far. */
function countBellReads(page: Page) {
  const seen = { reads: 0 };
  page.on('request', (request) => {
    if (BELL_PAGE.test(request.url())) seen.reads += 1;
  });
  return seen;
}

test('the bell shows a new notification pushed over the live channel, without polling', async ({
  page,
  request,
}) => {
  const bell = countBellReads(page);
  const channel = page.waitForResponse((response) => response.url().includes('/api/blade-desk/live'));
  await login(page);
  expect((await channel).status()).toBe(200);
  // The channel is open: the bell read once (on open) and its 10 s poll is off.
  await expect.poll(() => bell.reads).toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  const before = bell.reads;

  const token = await request.post('/api/blade-auth/oauth/token', {
    params: {
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { Authorization: CLIENT, 'Tenant-Id': '000000' },
  });
  const headers = {
    Authorization: CLIENT,
    'Tenant-Id': '000000',
    'Blade-Auth': `bearer ${(await token.json()).access_token}`,
  };
  const title = uniqueName('e2e实时');
  const submitted = await request.post('/api/blade-desk/notice/submit', {
    data: { title, category: 1 },
    headers,
  });
  expect((await submitted.json()).success).toBe(true);
  const sent = Date.now();

  await page.getByRole('button', { name: '消息通知' }).click();
  await expect(page.locator('.pd-notice-list')).toContainText(title, { timeout: 5_000 });
  expect(Date.now() - sent).toBeLessThan(5_000); // well inside the 10 s poll it replaces
  expect(bell.reads).toBe(before + 1); // the one reload the push asked for
});
