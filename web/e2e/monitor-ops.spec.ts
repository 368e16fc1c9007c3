import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { confirmDialog, login, openMenu, toast } from './support';

test.describe.configure({ timeout: 150_000 });

const DEMO = '356782';
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;

/** A session of the demo tenant's admin opened through the API (what another browser's login makes). */
async function otherSession(page: Page) {
  const answer = await page.request.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: CLIENT, 'Tenant-Id': DEMO },
    params: {
      tenantId: DEMO,
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  expect(answer.status()).toBe(200);
  const token = (await answer.json()).access_token as string;
  return () =>
    page.request.get('/api/blade-user/info', {
      headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': DEMO },
    });
}

test('online users, scheduled jobs and server state under 系统监控', async ({ page }) => {
  await login(page);
  const asOther = await otherSession(page);
  expect((await asOther()).status()).toBe(200);

  await openMenu(page, ['系统监控', '在线用户'], /\/monitor\/online$/);
  const demoRow = page.getByRole('row').filter({ hasText: DEMO });
  await expect(demoRow).toHaveCount(1);
  await demoRow.getByRole('button', { name: /强\s*退/ }).click();
  await confirmDialog(page, '确定强制退出选中的 1 个会话吗?');
  await expect(toast(page)).toContainText('已强退 1 个会话');
  await expect(demoRow).toHaveCount(0);
  // Its token is refused at once.
  expect((await asOther()).status()).toBe(401);

  await openMenu(page, ['系统监控', '定时任务'], /\/monitor\/job$/);
  const retention = page.getByRole('row').filter({ hasText: 'log.retention' });
  await expect(retention).toContainText('17 3 * * *');
  await expect(retention).toContainText('每个租户');
  await retention.getByRole('button', { name: '执行一次' }).click();
  await expect(toast(page)).toContainText('已加入执行队列');
  await expect(retention).toContainText('成功', { timeout: 15_000 });
  await retention.getByRole('button', { name: /展开行/ }).click();
  await expect(page.getByText('最近执行记录')).toBeVisible();
  await expect(page.getByRole('cell', { name: '手动' }).first()).toBeVisible();
  await retention.getByRole('button', { name: /暂\s*停/ }).click();
  await expect(retention).toContainText('已暂停');
  await retention.getByRole('button', { name: /恢\s*复/ }).click();
  await expect(retention).toContainText('运行中');

  await openMenu(page, ['系统监控', '服务监控'], /\/monitor\/server$/);
  for (const section of ['主机', '内存', '数据库', '缓存', '任务队列', '采集器', '本进程']) {
    await expect(
      page.locator('.ant-card-head-title').filter({ hasText: new RegExp(`^${section}$`) }),
    ).toBeVisible();
  }
  await expect(page.getByText('内嵌(随服务运行)')).toBeVisible();
});
