import { expect, type Page, test } from '@playwright/test';
import { login, openMenu, toast, uniqueName } from './support';

// One test walks an alarm's whole life: raised by an ingested value, heard by the bell, confirmed, cleared.
test.describe.configure({ timeout: 180_000 });

// The demo tenant's admin: its bell hears no notices the other specs publish in the platform tenant.
const DEMO_ADMIN = { tenantId: '356782', username: 'admin', password: 'admin' };
const DATABASE = { menu: ['告警管理', '告警数据库'], path: /\/alarm\/database$/ };
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;

/** Calls the API as the signed-in user of `page`, answering the envelope's data. */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  options: { params?: object; data?: unknown } = {},
) {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state,
  );
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: {
      Authorization: CLIENT,
      'Blade-Auth': `bearer ${session?.token}`,
      'Tenant-Id': DEMO_ADMIN.tenantId,
    },
    params: options.params as Record<string, string>,
    data: options.data,
  });
  const body = await response.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

async function userId(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state?.auth?.user_id,
  );
}

test('a value over the threshold rings the bell; the alarm is confirmed with the password and clears', async ({
  page,
}) => {
  await login(page, DEMO_ADMIN);
  const code = uniqueName('ALM').toUpperCase();
  const device = await api<{ id: string }>(page, 'POST', '/device-management/device/save', {
    data: {
      code,
      name: `告警设备 ${code}`,
      dataPoints: [{ code: 'V', name: '温度', unit: '°C', dataType: 'float' }],
    },
  });
  const points = await api<{ records: { id: string }[] }>(page, 'GET', '/device-management/datapoints/list', {
    params: { deviceId: device.id, size: 10 },
  });
  const group = await api<{ id: string }>(page, 'POST', '/alarm/group/saveAndUpdate', {
    data: { name: `组 ${code}`, userIds: await userId(page), notifyOn: 'raise,clear,affirm' },
  });
  const name = `高温 ${code}`;
  await api(page, 'POST', '/alarm/event/add', {
    data: {
      name,
      pointId: points.records[0].id,
      groupId: group.id,
      kind: 'THRESHOLD',
      operator: 'gt',
      threshold: 50,
      hysteresis: 2,
    },
  });

  await api(page, 'POST', '/device-management/telemetry', { data: { deviceCode: code, values: { V: 60 } } });

  // The bell polls every 10 s: the notification shows within one period.
  await page.getByRole('button', { name: '消息通知' }).click();
  const item = page.locator('.pd-notice-item').filter({ hasText: name });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();

  const detail = page.getByTestId('alarm-detail');
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('未确认');
  await expect(detail).toContainText('未解除');
  await page.getByTestId('alarm-affirm').click();
  const form = page.getByTestId('alarm-affirm-form');
  await expect(form.getByLabel('账号')).toHaveValue('admin');
  // Each field is required, with the spec's messages.
  await form.getByLabel('账号').fill('');
  await page
    .getByRole('dialog')
    .filter({ has: form })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(form).toContainText('请输入活动名称');
  await expect(form).toContainText('请输入密码');
  await expect(form).toContainText('请输入确认原因');
  await form.getByLabel('账号').fill('admin');
  await form.getByLabel('密码').fill('admin');
  await form.getByLabel('确认原因').fill('现场已检查');
  await page
    .getByRole('dialog')
    .filter({ has: form })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(toast(page)).toContainText('确认成功');
  await expect(detail).toContainText('已确认');
  await expect(detail).toContainText('现场已检查');
  await expect(page.getByTestId('alarm-affirm')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Back in range by more than the hysteresis: cleared.
  await api(page, 'POST', '/device-management/telemetry', { data: { deviceCode: code, values: { V: 40 } } });
  await openMenu(page, DATABASE.menu, DATABASE.path);
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('已解除');
  await expect(row).toContainText('已确认');

  // 事件总览: a counter narrows the list to what it counts, a row opens the alarm: its point around it, its timeline.
  await openMenu(page, ['告警管理', '事件总览'], /\/alarm\/overview/);
  await page.getByTestId('alarm-status-cleared_ack').click();
  await expect(page).toHaveURL(/q\.state=cleared_ack/);
  await page.getByTestId('alarm-overview').locator('.ant-table-row').filter({ hasText: name }).click();
  await expect(page.getByTestId('alarm-detail')).toContainText(name);
  await expect(page.getByTestId('alarm-around')).toBeVisible();
  await expect(page.getByTestId('alarm-timeline')).toContainText('解除');
});
