import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_PATH, HOME_TAB, isClosable, neighbourOf, useTabs } from './tabs';

const notice = { key: '/desk/notice', path: '/desk/notice', label: '通知公告' };
const user = { key: '/system/user', path: '/system/user', label: '用户管理' };
const keys = () => useTabs.getState().tabs.map((t) => t.key);

describe('tab store (spec §2 tab strip)', () => {
  beforeEach(() => useTabs.getState().reset());

  it('starts with Home first', () => {
    expect(keys()).toEqual([HOME_PATH]);
  });

  it('opens a tab once and updates its label when opened again', () => {
    useTabs.getState().open(notice);
    useTabs.getState().open({ ...notice, label: 'Notices' });
    expect(useTabs.getState().tabs).toEqual([HOME_TAB, { ...notice, label: 'Notices' }]);
  });

  it('a tab is closable only when more than one is open, and the first never', () => {
    const { tabs } = useTabs.getState();
    expect(isClosable(tabs, HOME_TAB)).toBe(false);
    useTabs.getState().open(notice);
    const two = useTabs.getState().tabs;
    expect(isClosable(two, HOME_TAB)).toBe(false);
    expect(isClosable(two, notice)).toBe(true);
  });

  it('never closes Home', () => {
    useTabs.getState().open(notice);
    useTabs.getState().close(HOME_PATH);
    useTabs.getState().close(notice.key);
    expect(keys()).toEqual([HOME_PATH]);
  });

  it('close others keeps Home and the chosen tab', () => {
    useTabs.getState().open(notice);
    useTabs.getState().open(user);
    useTabs.getState().closeOthers(user.key);
    expect(keys()).toEqual([HOME_PATH, user.key]);
  });

  it('close all leaves only Home', () => {
    useTabs.getState().open(notice);
    useTabs.getState().open(user);
    useTabs.getState().closeAll();
    expect(keys()).toEqual([HOME_PATH]);
  });

  it('clear cache bumps the generation that remounts kept-alive pages', () => {
    const before = useTabs.getState().generation;
    useTabs.getState().clearCache();
    expect(useTabs.getState().generation).toBe(before + 1);
  });

  it('after closing, the right neighbour becomes active, else the left one', () => {
    useTabs.getState().open(notice);
    useTabs.getState().open(user);
    const { tabs } = useTabs.getState();
    expect(neighbourOf(tabs, notice.key)).toEqual(user);
    expect(neighbourOf(tabs, user.key)).toEqual(notice);
  });

  it('persists the tabs and restores Home first from storage', async () => {
    useTabs.getState().open(notice);
    expect(JSON.parse(localStorage.getItem('plantdesk-tabs') ?? '{}').state.tabs).toHaveLength(2);
    localStorage.setItem('plantdesk-tabs', JSON.stringify({ state: { tabs: [notice] }, version: 0 }));
    await useTabs.persist.rehydrate();
    expect(keys()).toEqual([HOME_PATH, notice.key]);
  });
});
