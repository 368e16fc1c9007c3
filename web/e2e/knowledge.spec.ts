import { expect, test } from '@playwright/test';
import { login, toast } from './support';

// A user writes a procedure, finds it by a Chinese and an English search, and the assistant cites it.
test.describe.configure({ timeout: 90_000 });

test('write a procedure, find it in Chinese and English, ask the assistant and see the citation', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const title = `冷却塔风机皮带更换 Cooling fan belt ${stamp}`;

  await login(page);
  await page.goto('/index/knowledge');
  await page.getByRole('button', { name: '新建知识' }).click();
  const form = page.locator('[data-form="knowledge"]');
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('标签').fill(`fan,belt,${stamp}`);
  const editor = page.locator('[data-editor="knowledge"]');
  await editor.click();
  await editor.pressSequentially(`停机挂牌后松开张紧螺栓,更换皮带 quokka${stamp} tension check.`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(toast(page)).toContainText('保存成功');
  const detail = page.locator('[data-detail]');
  await expect(detail).toContainText(`更换皮带 quokka${stamp} tension check.`);
  await detail.getByRole('tab', { name: '变更记录' }).click();
  await expect(detail.locator('[data-change="create"]')).toBeVisible();
  await page.keyboard.press('Escape');
  // Until the drawer has closed it keeps the focus: an Enter pressed in the search box would reach the drawer.
  await expect(detail).toBeHidden();

  const search = page.getByLabel('全文搜索(中文或英文)');
  await search.fill('皮带更换');
  await search.press('Enter');
  await expect(page.locator('[data-entry]').filter({ hasText: title })).toBeVisible();
  await expect(page.locator('[data-entry]').filter({ hasText: title }).locator('mark').first()).toHaveText(
    '皮带更换',
  );
  await search.fill(`quokka${stamp}`);
  await search.press('Enter');
  await expect(page.locator('[data-entry]')).toHaveCount(1);
  await expect(page.locator('[data-snippet] mark')).toHaveText(`quokka${stamp}`);

  await page.goto('/index/aiChat');
  await page.getByLabel(/输入问题/).fill(`冷却塔风机皮带怎么更换? quokka${stamp}`);
  await page.getByRole('button', { name: /发\s*送/ }).click();
  const answer = page.locator('[data-role="assistant"]').last();
  const citation = answer.locator('[data-citations]').getByRole('link', { name: new RegExp(stamp) });
  await expect(citation).toBeVisible();
  await citation.click();
  await expect(page).toHaveURL(/\/index\/knowledge\?id=/);
  await expect(page.locator('[data-detail]')).toContainText(title);
});
