import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { crudOf, login, openMenu, uniqueName } from './support';

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

const STATUS_READS = /\/api\/device-management\/datapoints-monitor\/status/;

/** Calls the API as the signed-in user of `page`, answering the envelope's data. */
async function api<T>(page: Page, path: string, data: unknown) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state?.token,
  );
  const response = await page.request.post(`/api${path}`, {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` },
    data,
  });
  const body = await response.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

test('a device coming online reaches the open ledger over the live channel; the monitor says it is live', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page);
  const code = uniqueName('LIVE').toUpperCase();
  await api(page, '/device-management/device/save', {
    code,
    name: `实时设备 ${code}`,
    dataPoints: [{ code: 'TEMP', name: '温度', unit: '°C', dataType: 'float' }],
  });

  const statusReads = { count: 0 };
  page.on('request', (request) => {
    if (STATUS_READS.test(request.url())) statusReads.count += 1;
  });
  await openMenu(page, ['设备管理', '设备台账'], /\/device\/device$/);
  const ledger = crudOf(page, 'device');
  await ledger.search('设备名称', code);
  await expect(ledger.row(code)).toContainText('离线');
  await expect.poll(() => statusReads.count).toBeGreaterThan(0);
  // The reloads the channel's open and the server's first reading of the tenant ask for (within 3 s) have landed.
  await page.waitForTimeout(4_500);
  const before = statusReads.count;

  await api(page, '/device-management/telemetry', { deviceCode: code, values: { TEMP: 21.5 } });
  const sent = Date.now();
  await expect(ledger.row(code)).toContainText('在线', { timeout: 8_000 });
  expect(Date.now() - sent).toBeLessThan(8_000); // the server reads states every 3 s; polling was every 10 s
  expect(statusReads.count).toBe(before + 1); // the one reload the push asked for, no polling

  // The monitor screen tells the truth about its values: pushed while the channel is open.
  await page.goto('/device/monitordata'); // the first device opens
  await expect(page.locator('[data-live="on"]')).toContainText('实时推送');
});
