import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { crudOf, dialog, dialogLoaded, login, pickOption, toast, uniqueName } from './support';

// One test walks both screens (about 15 s on an idle machine); the room is for a loaded one.
test.describe.configure({ timeout: 120_000 });

const DEMO_ADMIN = { tenantId: '356782', username: 'admin', password: 'admin' };
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;

/** Calls the API as the signed-in user of `page`, answering the envelope's data. */
async function api<T>(
  page: Page,
  method: string,
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

/** A 3-second stream of ffmpeg's test pattern (Debian's ffmpeg) as HLS (index.m3u8) and as FLV (stream.flv), or
 * null when ffmpeg is missing. */
function makeStream(): string | null {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'pd-hls-'));
  const input = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=15:duration=3',
  ];
  const h264 = ['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-g', '15'];
  const hls = spawnSync('ffmpeg', [
    ...input,
    ...h264,
    ...[
      '-f',
      'hls',
      '-hls_time',
      '1',
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'vod',
      join(dir, 'index.m3u8'),
    ],
  ]);
  const flv = spawnSync('ffmpeg', [...input, ...h264, '-f', 'flv', join(dir, 'stream.flv')]);
  return hls.status === 0 && flv.status === 0 ? dir : null;
}

test('cameras: an ffmpeg HLS stream plays in a tile, an internal address is refused; a topology drawn, saved, reloaded, live', async ({
  page,
}) => {
  const stream = makeStream();
  await login(page, DEMO_ADMIN);

  // --- cameras ---------------------------------------------------------------------------------------------
  let cameraId = '';
  let flvId = '';
  if (stream) {
    // The stream is served at a path of the console's origin (a relative address needs no outbound check).
    await page.route('**/e2e-stream/**', (route) =>
      route.fulfill({
        body: readFileSync(join(stream, new URL(route.request().url()).pathname.split('/').pop() ?? '')),
      }),
    );
    const name = uniqueName('E2E cam');
    cameraId = (
      await api<{ id: string }>(page, 'POST', '/camera/save', {
        data: { name, sort: 0, streamType: 'hls', hlsUrl: '/e2e-stream/index.m3u8' },
      })
    ).id;
    // An HTTP-FLV camera: mpegts.js is loaded when it plays.
    flvId = (
      await api<{ id: string }>(page, 'POST', '/camera/save', {
        data: { name: `${name} FLV`, sort: 0, streamType: 'flv', flvUrl: '/e2e-stream/stream.flv' },
      })
    ).id;
  } else {
    test
      .info()
      .annotations.push({ type: 'skip', description: 'ffmpeg is not installed: HLS playback not checked' });
  }
  await page.goto('/video/camera');
  await page.locator('.ant-segmented-item').filter({ hasText: /^16$/ }).click();
  if (stream) {
    const tile = page.locator(`[data-camera="${cameraId}"]`);
    await expect(tile).toHaveAttribute('data-status', 'playing');
    await expect(tile.getByTestId('camera-last-frame')).toHaveText(/\d\d:\d\d:\d\d/);
    expect(await tile.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
    // The wall prefers HLS; the FLV-only camera plays its FLV address.
    const flvTile = page.locator(`[data-camera="${flvId}"]`);
    await expect(flvTile).toHaveAttribute('data-status', 'playing');
    expect(await flvTile.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
  }
  // The demo's offline camera says so.
  await expect(page.locator('[data-status="none"]').first()).toContainText('离线');

  await page.getByRole('tab', { name: '摄像头' }).click();
  const cameras = crudOf(page, 'camera');
  await cameras.button(/新\s*增/).click();
  await dialogLoaded(page);
  await dialog(page).getByLabel('名称').fill(uniqueName('Bad cam'));
  await dialog(page).getByLabel('HLS 地址').fill('http://127.0.0.1:8888/cam/index.m3u8');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('不允许连接');
  await dialog(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();
  if (cameraId) await api(page, 'DELETE', '/camera/batch/del', { params: { ids: `${cameraId},${flvId}` } });

  // --- topology --------------------------------------------------------------------------------------------
  // A device of its own: the demo plant's devices are rewritten every second while the demo runs.
  const code = uniqueName('TOPO').toUpperCase();
  const deviceName = `拓扑设备 ${code}`;
  await api(page, 'POST', '/device-management/device/save', {
    data: {
      code,
      name: deviceName,
      dataPoints: [{ code: 'TEMP', name: '温度', unit: '°C', dataType: 'float', rangeMin: 0, rangeMax: 40 }],
    },
  });
  const topology = await api<{ id: string }>(page, 'POST', '/topology/submit', {
    data: { name: uniqueName('E2E topology'), content: '{"nodes":[],"edges":[]}' },
  });
  await page.goto(`/topology/management?q.id=${topology.id}`);
  const editor = page.getByTestId('topology-editor');
  await editor.getByText('编辑').click();
  await editor.getByRole('button', { name: /添加设备/ }).click();
  await editor.getByTestId('topology-node').click();
  const inspector = page.getByTestId('topology-inspector');
  await inspector.getByTestId('topology-device').click();
  await page.keyboard.type(code);
  await pickOption(page, deviceName);
  await inspector.getByTestId('topology-point').click();
  await pickOption(page, '(TEMP)');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page)).toContainText('保存成功');

  await page.reload();
  const node = page.getByTestId('topology-node');
  await expect(node).toContainText(deviceName);
  // A value arrives over the live channel while the page is open.
  await api(page, 'POST', '/device-management/telemetry', {
    data: { deviceCode: code, values: { TEMP: 42.5 } },
  });
  await expect(node.getByTestId('topology-value')).toContainText('42.5');
  // Above the point's range: the node turns to the alarm colour.
  await expect(node).toHaveAttribute('data-state', 'alarm');
  await api(page, 'POST', '/topology/remove', { params: { ids: topology.id } });
});
