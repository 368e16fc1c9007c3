import { expect, type Page, test } from '@playwright/test';
import { ADMIN, confirmDialog, login, openMenu, uniqueName } from './support';

// One test walks the whole screen (ingest, realtime, two ranges, export, the point's own page).
test.describe.configure({ timeout: 180_000 });

const MONITOR = { menu: ['设备管理', '监测数据'], path: /\/device\/monitordata$/ };
const OVERVIEW = { menu: ['设备管理', '数据总览'], path: /\/device\/overview$/ };
const DEMO_TENANT = '356782';
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;

/** Calls the API as the signed-in user of `page` (the session's token), answering the envelope's data. */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  options: { params?: object; data?: unknown } = {},
) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state?.token,
  );
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` },
    params: options.params as Record<string, string>,
    data: options.data,
  });
  const body = await response.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

interface IngestAnswer {
  accepted: number;
  rejected: number;
  rejections: { reason: string }[];
}

test('values ingested over HTTP show in realtime (stale and out-of-range marked) and in the history chart', async ({
  page,
}) => {
  await login(page);
  const code = uniqueName('MON').toUpperCase();
  await api(page, 'POST', '/device-management/device/save', {
    data: {
      code,
      name: `监测设备 ${code}`,
      dataPoints: [
        { code: 'TEMP', name: '温度', unit: '°C', dataType: 'float', rangeMin: 0, rangeMax: 100 },
        { code: 'PRESS', name: '压力', unit: 'MPa', dataType: 'float', rangeMin: 0, rangeMax: 1.6 },
        { code: 'OLD', name: '旧读数', unit: '%', dataType: 'float' },
        { code: 'NEVER', name: '未上报', unit: '%', dataType: 'float' },
      ],
    },
  });

  // Twenty minutes of TEMP at 10, 11, ... 29 (one a minute); OLD last reported 10 minutes ago; a value for an
  // unknown point is rejected, and the answer says why.
  const now = Date.now();
  const history = Array.from({ length: 20 }, (_, i) => ({
    deviceCode: code,
    ts: now - (20 - i) * 60_000,
    values: { TEMP: 10 + i, ...(i === 10 ? { OLD: 55 } : {}) },
  }));
  const answer = await api<IngestAnswer>(page, 'POST', '/device-management/telemetry', {
    data: [...history, { deviceCode: code, ts: now - 30_000, values: { NOPE: 1 } }],
  });
  expect(answer).toMatchObject({ accepted: 21, rejected: 1 });
  expect(answer.rejections[0].reason).toBe('unknown_point');

  await openMenu(page, MONITOR.menu, MONITOR.path);
  const devices = page.locator('[data-monitor-devices]');
  await devices.getByPlaceholder('设备名称或编码').fill(code);
  await devices.locator(`[data-device-code="${code}"]`).click();
  await expect(devices.locator(`[data-device-code="${code}"]`)).toHaveAttribute('aria-selected', 'true');
  const realtime = page.locator('[data-monitor-realtime]');
  const row = (name: string) => realtime.locator('.ant-table-row').filter({ hasText: name });
  await expect(realtime.locator('[data-point-value="TEMP"]')).toContainText('29');

  // Values sent now show at the next poll, without a reload.
  await api(page, 'POST', '/device-management/telemetry', {
    data: { deviceCode: code, values: { TEMP: 42.5, PRESS: 2.5 } },
  });
  await expect(realtime.locator('[data-point-value="TEMP"]')).toContainText('42.5');
  await expect(row('温度').locator('[data-state]')).toHaveText('正常');
  await expect(realtime.locator('[data-point-value="PRESS"]')).toContainText('2.5');
  await expect(row('压力').locator('[data-state]')).toHaveText('超上限');
  await expect(row('旧读数').locator('[data-state]')).toHaveText('数据陈旧');
  await expect(row('旧读数')).toContainText('分钟前');
  await expect(row('未上报').locator('[data-state]')).toHaveText('无数据');

  // History over the last hour: TEMP is charted first; ticking PRESS charts both.
  await expect(row('温度').getByRole('checkbox')).toBeChecked();
  await row('压力').getByRole('checkbox').check();
  const historyPanel = page.locator('[data-monitor-history]');
  const statsRow = (name: string) =>
    historyPanel.locator('[data-monitor-stats] .ant-table-row').filter({ hasText: name });
  const stats = statsRow('温度');
  await expect(stats.locator('td').nth(2)).toHaveText('10'); // min
  await expect(stats.locator('td').nth(3)).toHaveText('42.5'); // max
  await expect(stats.locator('td').last()).toHaveText('21'); // samples: 10 … 29 and 42.5
  await expect(statsRow('压力').locator('td').nth(5)).toHaveText('2.5'); // last
  await expect(historyPanel.locator('[data-chart-samples]')).not.toHaveAttribute('data-chart-samples', '0');
  await expect(historyPanel.locator('canvas').first()).toBeVisible();

  // Other ranges answer the same values from the rollups (24 h) and the export downloads the range.
  await historyPanel.getByText('近 24 小时').click();
  await expect(historyPanel).toContainText('分钟汇总');
  await expect(stats.locator('td').nth(2)).toHaveText('10');
  const download = page.waitForEvent('download');
  await historyPanel.getByRole('button', { name: /导\s*出/ }).click();
  await confirmDialog(page, '是否导出数据?');
  expect((await download).suggestedFilename()).toBe('监测数据.xlsx');

  // The point's own page (/point-chart, no tab) charts it from its query parameters.
  const pointChart = page.waitForEvent('popup');
  await row('温度')
    .getByRole('link', { name: /单点曲线/ })
    .click();
  const chartPage = await pointChart;
  await expect(chartPage).toHaveURL(/\/point-chart\?pointId=\d+&range=24h$/);
  await expect(chartPage.locator('h1')).toHaveText('温度');
  await expect(
    chartPage.locator('[data-monitor-stats] .ant-table-row').filter({ hasText: '温度' }).locator('td').nth(3),
  ).toHaveText('42.5');
  await chartPage.close();
});

test("the demo plant's overview shows live values", async ({ page }) => {
  await login(page, { ...ADMIN, tenantId: DEMO_TENANT });
  const devices = await api<{ records: { id: string; code: string }[] }>(
    page,
    'GET',
    '/device-management/device/list',
    {
      params: { size: 100 },
    },
  );
  expect(devices.records.length, 'the demo plant is seeded').toBeGreaterThan(0);
  const device = devices.records[0];
  const points = await api<{ records: { code: string; dataType: string }[] }>(
    page,
    'GET',
    '/device-management/datapoints/list',
    { params: { deviceId: device.id, size: 100 } },
  );
  // The simulator may not run beside the e2e server: a value of our own for every numeric point.
  const values = Object.fromEntries(
    points.records.filter((p) => p.dataType !== 'string').map((p, i) => [p.code, i + 0.5]),
  );
  await api(page, 'POST', '/device-management/telemetry', { data: { deviceCode: device.code, values } });

  await openMenu(page, OVERVIEW.menu, OVERVIEW.path);
  const overview = page.locator('[data-overview]');
  const [code] = Object.keys(values);
  await expect(overview.locator(`[data-point-value="${device.code}.${code}"]`).first()).toBeVisible();
  await expect(overview.locator('[data-overview-status]')).toContainText('在线');
  await expect(overview.locator('[data-overview-fresh] .ant-table-row').first()).toContainText(/秒前|刚刚/);
});
