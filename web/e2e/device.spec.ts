import { expect, type Page, test } from '@playwright/test';
import { closeDialog, crudOf, dialog, login, openMenu, pickOption, toast } from './support';
import { xlsx } from './xlsx';

const MODELS = { menu: ['设备管理', '设备模型'], path: /\/device\/model$/ };
const DEVICES = { menu: ['设备管理', '设备台账'], path: /\/device\/device$/ };

// One story across the equipment screens; the import runs as a job on the server.
test.describe.configure({ timeout: 120_000 });

const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

test('a model with a data point, a device from it, then an Excel import with one bad row and its error page', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const modelCode = `M${stamp}`.toUpperCase();
  const modelName = `e2e模型${stamp}`;
  const pointCode = `TT${stamp}`.toUpperCase();
  const deviceCode = `D${stamp}`.toUpperCase();
  const deviceName = `e2e设备${stamp}`;

  await login(page);
  await openMenu(page, MODELS.menu, MODELS.path);
  const models = crudOf(page, 'device-model');
  await models.button(/新\s*增/).click();
  await dialog(page).getByLabel('模型名称').fill(modelName);
  await dialog(page).getByLabel('模型编码').fill(modelCode);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();

  await models.search('模型名称', modelName);
  await expect(models.row(modelName)).toHaveCount(1);
  await models.row(modelName).getByRole('button', { name: '部件与点位' }).click();
  await expect(dialog(page)).toContainText(`${modelName}: 部件与模板点位`);
  const points = crudOf(page, 'device-model-point');
  await points.button(/新\s*增/).click();
  await dialog(page).getByLabel('点位编码').fill(pointCode);
  await dialog(page).getByLabel('点位名称').fill('出口温度');
  await dialog(page).getByLabel('单位').fill('°C');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(points.row(pointCode)).toContainText('出口温度');
  await closeDialog(page);
  await expect(models.row(modelName)).toContainText('1');

  await openMenu(page, DEVICES.menu, DEVICES.path);
  const devices = crudOf(page, 'device');
  await devices.button(/新\s*增/).click();
  await dialog(page).getByLabel('设备名称').fill(deviceName);
  await dialog(page).getByLabel('设备编码').fill(deviceCode);
  await dialog(page).getByLabel('设备模型').click();
  await pickOption(page, modelName);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();

  await devices.search('设备名称', deviceName);
  await expect(devices.row(deviceName)).toHaveCount(1);
  await expect(devices.row(deviceName)).toContainText(modelName);
  await devices.row(deviceName).getByRole('button', { name: '点位' }).click();
  await expect(crudOf(page, 'device-points').row(pointCode)).toContainText('出口温度');
  await closeDialog(page);

  // Import: a good row (a new device of our model) and a bad one (a model that does not exist).
  const good = `${deviceCode}I`;
  const fileName = `devices-${stamp}.xlsx`;
  await devices.button(/导\s*入/).click();
  const box = dialog(page);
  await box.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx([
      ['code', 'name', 'modelCode'],
      [good, `${deviceName}导入`, modelCode],
      [`${deviceCode}X`, `${deviceName}坏行`, `NOPE${stamp}`],
    ]),
  });
  await expect(box).toContainText('共 2 条，成功 1 条，失败 1 条');
  await expect(box.locator('.ant-table-row').filter({ hasText: `模型不存在: NOPE${stamp}` })).toContainText(
    '3',
  );
  await closeDialog(page);
  await devices.search('设备编码', good);
  await expect(devices.row(good)).toContainText(modelName);

  // The import-export log: the file with its counts, and its error page.
  await page.locator('.pd-sider').getByRole('menuitem', { name: '导入导出日志' }).click();
  await expect(page).toHaveURL(/\/index\/importExportManagement$/);
  const logs = crudOf(page, 'import-log');
  await logs.search('文件名', fileName);
  const entry = logs.row(fileName);
  await expect(entry).toContainText('已完成');
  await entry.getByRole('button', { name: '错误明细' }).click();
  const errors = dialog(page);
  await expect(errors).toContainText(`${fileName}: 被拒绝的行`);
  const rejected = errors.locator('.ant-table-row');
  await expect(rejected).toHaveCount(1);
  await expect(rejected).toContainText(`模型不存在: NOPE${stamp}`);
  await expect(rejected).toContainText(`${deviceCode}X`);
  const rejectedFile = page.waitForEvent('download');
  await errors.getByRole('button', { name: '下载被拒绝的行' }).click();
  expect((await rejectedFile).suggestedFilename()).toBe(`rejected-${fileName}`);
  await closeDialog(page);
  const download = page.waitForEvent('download');
  await entry.getByRole('button', { name: '下载文件' }).click();
  expect((await download).suggestedFilename()).toBe(fileName);
});
