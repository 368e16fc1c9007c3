// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flowable expressions are literally ${name}.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { crudOf, dialog, login, openMenu, tab, toast } from './support';

// The leave process across three people, each in their own browser context: applicant, manager, HR.
test.describe.configure({ timeout: 180_000 });

const TENANT = '356782';
const APPLICANT = { tenantId: TENANT, username: 'liuyang', password: '123456' };
const MANAGER = { tenantId: TENANT, username: 'zhangwei', password: '123456' };
const HR = { tenantId: TENANT, username: 'sunli', password: '123456' };

const LEAVE = { menu: ['我的事务', '请假流程'], path: /\/work\/process\/leave$/ };
const CLAIM = { menu: ['我的事务', '待签事务'], path: /\/work\/claim$/ };
const TODO = { menu: ['我的事务', '待办事务'], path: /\/work\/todo$/ };
const DONE = { menu: ['我的事务', '办结事务'], path: /\/work\/done$/ };
const SEND = { menu: ['我的事务', '已发事务'], path: /\/work\/send$/ };

async function as(browser: Browser, account: typeof APPLICANT) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, account);
  return page;
}

/** Applies for leave and answers the new process instance's id (from the applications list). */
async function apply(page: Page, days: number, reason: string) {
  await openMenu(page, LEAVE.menu, LEAVE.path);
  const leaves = crudOf(page, 'work-leave');
  await leaves.button(/申请请假/).click();
  const form = dialog(page);
  await form.getByLabel('请假天数').fill(String(days));
  await form.getByLabel('请假理由').fill(reason);
  const [from, to] = [
    form.locator('.ant-picker-range input').first(),
    form.locator('.ant-picker-range input').last(),
  ];
  await from.click();
  await from.fill('2026-12-01 09:00:00');
  await from.press('Enter');
  await to.fill('2026-12-05 18:00:00');
  await to.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page)).toContainText('申请已提交');
  const row = leaves.row(reason);
  await expect(row).toHaveCount(1);
  const cells = await row.locator('td').allInnerTexts();
  const id = cells.find((text) => /^\d{15,}$/.test(text.trim()));
  expect(id).toBeTruthy();
  return (id ?? '').trim();
}

async function claimAndOpen(page: Page, instance: string) {
  await openMenu(page, CLAIM.menu, CLAIM.path);
  const claims = crudOf(page, 'work-claim');
  await claims.root
    .getByRole('button', { name: /刷\s*新|reload/i })
    .first()
    .click()
    .catch(() => {});
  await expect(claims.row(instance)).toHaveCount(1);
  await claims.row(instance).getByRole('button', { name: '签收' }).click();
  await expect(toast(page)).toContainText('签收成功');
  await openMenu(page, TODO.menu, TODO.path);
  const todos = crudOf(page, 'work-todo');
  await expect(todos.row(instance)).toHaveCount(1);
  await todos.row(instance).getByRole('button', { name: '办理' }).click();
  await expect(dialog(page).getByTestId('leave-detail')).toBeVisible();
}

async function decide(page: Page, pass: boolean, comment?: string) {
  if (comment) await dialog(page).getByLabel('审批意见').fill(comment);
  await dialog(page)
    .getByTestId(pass ? 'flow-approve' : 'flow-reject')
    .click();
  await expect(toast(page)).toContainText('办理成功');
}

async function seesDone(page: Page, instance: string, menu = DONE, name = 'work-done') {
  await openMenu(page, menu.menu, menu.path);
  const list = crudOf(page, name);
  await expect(list.row(instance)).toHaveCount(1);
  await expect(list.row(instance)).toContainText('已完结');
}

test('five days of leave: the manager claims and approves, HR approves, all three see it done', async ({
  browser,
}) => {
  const reason = `e2e家中有事${Date.now().toString(36)}`;
  const applicant = await as(browser, APPLICANT);
  const instance = await apply(applicant, 5, reason);

  const manager = await as(browser, MANAGER);
  await claimAndOpen(manager, instance);
  await dialog(manager).getByRole('tab', { name: '流转记录' }).click();
  await expect(dialog(manager).getByTestId('flow-history')).toContainText('发起流程');
  await dialog(manager).getByRole('tab', { name: '流程进度' }).click();
  await expect(dialog(manager).getByTestId('flow-diagram').locator('.flow-active')).toHaveCount(1);
  await decide(manager, true, '同意, 注意交接');

  const hr = await as(browser, HR);
  await claimAndOpen(hr, instance);
  await decide(hr, true);

  await seesDone(manager, instance);
  await seesDone(hr, instance);
  await seesDone(applicant, instance, SEND, 'work-send');
});

test('a rejection goes back to the applicant with the comment', async ({ browser }) => {
  const reason = `e2e驳回${Date.now().toString(36)}`;
  const applicant = await as(browser, APPLICANT);
  const instance = await apply(applicant, 2, reason);

  const manager = await as(browser, MANAGER);
  await claimAndOpen(manager, instance);
  await dialog(manager).getByTestId('flow-reject').click();
  await expect(toast(manager)).toContainText('驳回时请填写审批意见');
  await decide(manager, false, '请补充工作交接安排');

  await openMenu(applicant, TODO.menu, TODO.path);
  const todos = crudOf(applicant, 'work-todo');
  await expect(todos.row(instance)).toContainText('调整申请');
  await todos.row(instance).getByRole('button', { name: '办理' }).click();
  await dialog(applicant).getByRole('tab', { name: '流转记录' }).click();
  await expect(dialog(applicant).getByTestId('flow-history')).toContainText('请补充工作交接安排');
  await expect(dialog(applicant).getByTestId('flow-history')).toContainText('驳回');
});

test('a process drawn in the designer is deployed, started by one user and handled by another', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const key = `e2e_${stamp}`;
  const name = `e2e审批${stamp}`;
  const admin = await as(browser, { tenantId: TENANT, username: 'admin', password: 'admin' });
  await openMenu(admin, ['流程管理', '模型设计'], /\/flow\/model$/);
  const models = crudOf(admin, 'flow-model');
  await models.button(/新\s*增/).click();
  await dialog(admin).getByLabel('模型标识').fill(key);
  await dialog(admin).getByLabel('模型名称').fill(name);
  await dialog(admin)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(admin)).toContainText('新增成功');
  await models.search('模型名称', name);
  await models.row(name).getByRole('button', { name: '设计' }).click();

  // start event → user task (candidate group `user`) → end event, with the context pad and the properties form
  const canvas = admin.getByTestId('designer');
  await canvas.locator('[data-element-id="StartEvent_1"]').click();
  await admin.locator('.djs-context-pad [data-action="append.append-task"]').click();
  await admin.locator('.djs-context-pad [data-action="replace"]').click();
  await admin.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  await dialog(admin).getByLabel('节点名称').fill('班组长审批');
  await dialog(admin).getByLabel('候选组 (角色别名)').fill('user');
  await admin.locator('.djs-context-pad [data-action="append.end-event"]').click();
  await dialog(admin).getByTestId('designer-save').click();
  await expect(toast(admin)).toContainText('操作成功');

  await models.row(name).getByRole('button', { name: '部署' }).click();
  await dialog(admin)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(admin)).toContainText('部署成功');

  await openMenu(admin, ['我的事务', '发起事务'], /\/work\/start$/);
  await crudOf(admin, 'work-start').row(key).getByRole('button', { name: '发起' }).click();
  await dialog(admin)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(admin)).toContainText('发起成功');

  const worker = await as(browser, MANAGER);
  await openMenu(worker, CLAIM.menu, CLAIM.path);
  const claims = crudOf(worker, 'work-claim');
  await claims.row(name).getByRole('button', { name: '签收' }).click();
  await expect(toast(worker)).toContainText('签收成功');
  await openMenu(worker, TODO.menu, TODO.path);
  await crudOf(worker, 'work-todo').row(name).getByRole('button', { name: '办理' }).click();
  await expect(dialog(worker)).toContainText('该流程没有业务表单');
  await decide(worker, true);
  await openMenu(worker, DONE.menu, DONE.path);
  await expect(crudOf(worker, 'work-done').row(name)).toContainText('已完结');
});

test('multi-instance settings drawn in the designer are saved, shown again and deployed', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const name = `e2e会签${stamp}`;
  const admin = await as(browser, { tenantId: TENANT, username: 'admin', password: 'admin' });
  await openMenu(admin, ['流程管理', '模型设计'], /\/flow\/model$/);
  const models = crudOf(admin, 'flow-model');
  await models.button(/新\s*增/).click();
  await dialog(admin).getByLabel('模型标识').fill(`e2e_mi_${stamp}`);
  await dialog(admin).getByLabel('模型名称').fill(name);
  await dialog(admin)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(admin)).toContainText('新增成功');
  await models.search('模型名称', name);
  const design = async () => {
    await models.row(name).getByRole('button', { name: '设计' }).click();
    return admin.getByTestId('designer');
  };

  const canvas = await design();
  await canvas.locator('[data-element-id="StartEvent_1"]').click();
  await admin.locator('.djs-context-pad [data-action="append.append-task"]').click();
  await admin.locator('.djs-context-pad [data-action="replace"]').click();
  await admin.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  const task = await canvas.locator('.djs-element.selected').getAttribute('data-element-id');
  await dialog(admin).getByLabel('办理人').fill('${approver}');
  await dialog(admin).getByLabel('多实例 (会签)').click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '串行 (依次办理)' }).click();
  await dialog(admin).getByLabel('集合').fill('${approvers}');
  await dialog(admin).getByLabel('元素变量').fill('approver');
  await dialog(admin).getByLabel('完成条件').fill('${nrOfCompletedInstances >= 2}');
  // bpmn-js draws the sequential marker (three horizontal bars) on the task
  await expect(canvas.locator(`[data-element-id="${task}"] [data-marker="sequential"]`)).toHaveCount(1);
  await admin.locator('.djs-context-pad [data-action="append.end-event"]').click();
  await dialog(admin).getByTestId('designer-save').click();
  await expect(toast(admin)).toContainText('操作成功');

  const again = await design();
  await again.locator(`[data-element-id="${task}"]`).click();
  await expect(dialog(admin).getByLabel('集合')).toHaveValue('${approvers}');
  await expect(dialog(admin).getByLabel('元素变量')).toHaveValue('approver');
  await expect(dialog(admin).getByLabel('完成条件')).toHaveValue('${nrOfCompletedInstances >= 2}');
  await dialog(admin)
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await models.row(name).getByRole('button', { name: '部署' }).click();
  await dialog(admin)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(admin)).toContainText('部署成功');
});

test('a process file without a diagram is deployed and its diagram is laid out, not an empty canvas', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const key = `e2e_bare_${stamp}`;
  // As Flowable's examples are written: no BPMNDiagram, and a sequence flow without an id.
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="e2e">
  <process id="${key}" name="e2e无图${stamp}" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow sourceRef="start" targetRef="sign"/>
    <userTask id="sign" name="班组长签字" flowable:candidateGroups="user"/>
    <sequenceFlow id="toApprove" sourceRef="sign" targetRef="approve"/>
    <userTask id="approve" name="车间主任审批" flowable:candidateGroups="user"/>
    <sequenceFlow id="toEnd" sourceRef="approve" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
  const admin = await as(browser, { tenantId: TENANT, username: 'admin', password: 'admin' });
  await openMenu(admin, ['流程管理', '模型部署'], /\/flow\/deploy$/);
  const upload = admin.locator('form#flow-upload');
  await upload.locator('input[type="file"]').setInputFiles({
    name: `${key}.bpmn20.xml`,
    mimeType: 'text/xml',
    buffer: Buffer.from(xml),
  });
  await expect(upload.locator('.ant-upload-list-item-done')).toHaveCount(1); // the server's check passed
  await upload.getByRole('button', { name: /部\s*署/ }).click();
  await expect(toast(admin)).toContainText('部署成功');

  // The screen is named as its catalogue, which openMenu would click (and fold) instead: the catalogue is open.
  await admin.locator('.pd-sider .ant-menu-item').getByText('流程管理', { exact: true }).click();
  await expect(tab(admin, '流程管理')).toBeVisible();
  await crudOf(admin, 'flow-manager').row(key).getByRole('button', { name: '流程图' }).click();
  const diagram = dialog(admin).getByTestId('flow-diagram');
  // every element drawn (4 shapes, the id-less flow among the 3 connections), named, left to right
  await expect(diagram.locator('.djs-shape')).toHaveCount(4);
  await expect(diagram.locator('.djs-connection')).toHaveCount(3);
  const sign = diagram.locator('[data-element-id="sign"]');
  const approve = diagram.locator('[data-element-id="approve"]');
  await expect(sign.locator('text')).toHaveText('班组长签字');
  await expect(approve.locator('text')).toHaveText('车间主任审批');
  const [first, second] = [await sign.boundingBox(), await approve.boundingBox()];
  expect(first && second && first.x + first.width <= second.x).toBe(true);
});
