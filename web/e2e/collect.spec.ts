import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { crudOf, dialog, login, openMenu, pickOption, toast, uniqueName } from './support';

// A real Modbus TCP server (pymodbus, on the backend's port + 7: scripts/e2e-env.sh allows it), a source and a
// point configured on it, and the value the collector reads shown on the monitoring screen.
test.describe.configure({ timeout: 150_000 });

const POINTS = { menu: ['设备管理', '数据点位'], path: /\/device\/datapoint$/ };
const MONITOR = { menu: ['设备管理', '监测数据'], path: /\/device\/monitordata$/ };
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

const backendPort = Number(new URL(process.env.PLANTDESK_E2E_URL ?? 'http://127.0.0.1:8000').port || 80);
const modbusPort = backendPort + 7;

async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  options: { params?: object; data?: unknown } = {},
) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state?.token,
  );
  const response = await page.request.fetch(`/api${url}`, {
    method,
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` },
    params: options.params as Record<string, string>,
    data: options.data,
  });
  const body = await response.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data as T;
}

let server: ChildProcess | undefined;

test.beforeAll(() => {
  // Holding register 40001 = 1234; the point scales it by 0.1.
  server = spawn(
    'uv',
    [
      'run',
      '--no-sync',
      'python',
      '-m',
      'plantdesk.modules.device.collect.demo',
      String(modbusPort),
      '40001=1234',
    ],
    { cwd: path.resolve(process.cwd(), '..'), stdio: 'ignore' },
  );
});

test.afterAll(() => {
  server?.kill();
});

test('a Modbus source and a point on it: the connection test answers and the value shows in realtime', async ({
  page,
}) => {
  const code = uniqueName('MB').toUpperCase();
  await login(page);
  await openMenu(page, POINTS.menu, POINTS.path);
  await page.getByRole('tab', { name: '点位来源' }).click();
  const sources = crudOf(page, 'datapoint-source');
  await sources.button(/新\s*增/).click();
  await dialog(page).getByLabel('来源类型').click();
  await pickOption(page, 'modbus');
  await dialog(page).getByLabel('来源名称').fill(`PLC ${code}`);
  await dialog(page).getByLabel('来源编码').fill(code);
  await dialog(page)
    .getByLabel('来源配置(JSON)')
    .fill(JSON.stringify({ host: '127.0.0.1', port: modbusPort, unitId: 1, timeoutMs: 3000 }));
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();

  // The server answers the test (it may still be starting: the test is repeated until it does).
  const row = sources.row(code);
  await expect(async () => {
    await row.getByRole('button', { name: '测试连接' }).click();
    const notice = page.locator('.ant-notification-notice').last();
    await expect(notice).toContainText('连接成功', { timeout: 5000 });
    await expect(notice).toContainText('保持寄存器 40001 = 1234');
  }).toPass({ timeout: 60_000 });

  const found = await api<{ records: { id: string; code: string }[] }>(
    page,
    'GET',
    '/device-management/data-point-source/list',
    { params: { code } },
  );
  const sourceId = found.records.find((r) => r.code === code)?.id;
  await api(page, 'POST', '/device-management/device/save', {
    data: {
      code,
      name: `采集设备 ${code}`,
      dataPoints: [
        { code: 'LEVEL', name: '液位', unit: '%', dataType: 'float', address: '40001', scale: 0.1, sourceId },
      ],
    },
  });

  // The collector picks the new point up without a restart; its state shows on the sources tab.
  await expect(row.locator('[data-source-state="online"]')).toBeVisible({ timeout: 60_000 });

  await openMenu(page, MONITOR.menu, MONITOR.path);
  const devices = page.locator('[data-monitor-devices]');
  await devices.getByPlaceholder('设备名称或编码').fill(code);
  await devices.locator(`[data-device-code="${code}"]`).click();
  const realtime = page.locator('[data-monitor-realtime]');
  await expect(realtime.locator('[data-point-value="LEVEL"]')).toContainText('123.4', { timeout: 60_000 });
});
