import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { crudOf, dialog, login, openMenu, toast, uniqueName } from './support';

// A real Modbus TCP server (pymodbus, on the backend's port + 7: scripts/e2e-env.sh allows it), a source added on
// the sources screen's Modbus tab and tested from its dialog, a point configured on it, the value the collector
// reads shown on the monitoring screen, and the source offline while the server is stopped.
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

test.beforeAll(() => startServer());

test.afterAll(() => {
  server?.kill();
});

function startServer() {
  // Holding register 40001 = 1234; the point scales it by 0.1.
  server = spawn(
    'uv',
    ['run', '--no-sync', 'python', '-m', 'plantdesk.demo.servers', String(modbusPort), '40001=1234'],
    { cwd: path.resolve(process.cwd(), '..'), stdio: 'ignore' },
  );
}

test('a Modbus source tested from its add dialog, a point on it, its value in realtime; the server stopped and back', async ({
  page,
}) => {
  const code = uniqueName('MB').toUpperCase();
  await login(page);
  await openMenu(page, POINTS.menu, POINTS.path);
  await page.getByRole('tab', { name: '点位来源' }).click();
  await page.getByRole('tab', { name: 'Modbus', exact: true }).click();
  const sources = crudOf(page, 'datapoint-source-modbus');
  await sources.button(/新\s*增/).click();
  await dialog(page).getByLabel('来源名称').fill(`PLC ${code}`);
  await dialog(page).getByLabel('来源编码').fill(code);
  await dialog(page).getByLabel('主机').fill('127.0.0.1');
  await dialog(page).getByLabel('端口').fill(String(modbusPort));
  await dialog(page).getByLabel('超时(ms)').fill('3000');

  // The unsaved settings are tested from the dialog (the server may still be starting: repeated until it answers).
  await expect(async () => {
    await dialog(page).getByRole('button', { name: '测试连接' }).click();
    const answer = dialog(page).locator('[data-test-answer]');
    await expect(answer).toHaveAttribute('data-test-answer', 'ok', { timeout: 5000 });
    await expect(answer).toContainText('保持寄存器 40001 = 1234');
  }).toPass({ timeout: 60_000 });
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();

  // The saved source's row: its line, and the test from the row.
  const row = sources.row(code);
  await expect(row).toContainText(`TCP 127.0.0.1:${modbusPort} #1`);
  await row.getByRole('button', { name: '测试连接' }).click();
  const notice = page.locator('.ant-notification-notice').last();
  await expect(notice).toContainText('连接成功');

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

  // The server goes away: the source turns offline within its timeout (3 s), and back when the server returns.
  server?.kill();
  await expect(row.locator('[data-source-state="offline"]')).toBeVisible({ timeout: 20_000 });
  startServer();
  await expect(row.locator('[data-source-state="online"]')).toBeVisible({ timeout: 60_000 });

  await openMenu(page, MONITOR.menu, MONITOR.path);
  const devices = page.locator('[data-monitor-devices]');
  await devices.getByPlaceholder('设备名称或编码').fill(code);
  await devices.locator(`[data-device-code="${code}"]`).click();
  const realtime = page.locator('[data-monitor-realtime]');
  await expect(realtime.locator('[data-point-value="LEVEL"]')).toContainText('123.4', { timeout: 60_000 });
});
