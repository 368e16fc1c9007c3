import { describe, expect, it } from 'vitest';
import { flattenMenus, type MenuRow } from '#src/api/menuAdmin';
import { accountLabel } from '../tenant';
import { filterIconNames } from './iconSearch';
import { newMenuValues } from './MenuScreen';

const row = (id: string, children?: MenuRow[]): MenuRow =>
  ({
    id,
    code: id,
    name: id,
    sort: 1,
    category: 1,
    menuType: 'app',
    ...(children ? { children } : {}),
  }) as MenuRow;

describe('menu screen helpers', () => {
  it('searches icon names case-insensitively, ignoring the Outlined suffix', () => {
    const names = ['UserOutlined', 'TeamOutlined', 'UsbOutlined', 'RobotOutlined'];
    expect(filterIconNames(names, 'us')).toEqual(['UsbOutlined', 'UserOutlined']);
    expect(filterIconNames(names, 'outlined')).toEqual([...names].sort());
    expect(filterIconNames(names, 'ROBOT')).toEqual(['RobotOutlined']);
    expect(filterIconNames(names, 'nothing')).toEqual([]);
  });

  it('defaults a new menu to a top-level menu of the screen type, a child to its parent', () => {
    expect(newMenuValues(undefined, 'pc')).toMatchObject({ category: '1', menuType: 'pc', isOpen: '1' });
    expect(newMenuValues(undefined, undefined)).toMatchObject({ menuType: 'sys' });
    expect(newMenuValues(undefined, undefined)).not.toHaveProperty('parentId');
    expect(newMenuValues(row('7'), undefined)).toMatchObject({ parentId: '7', menuType: 'app' });
  });

  it('flattens search forests in tree order', () => {
    const flat = flattenMenus([row('1', [row('2', [row('3')])]), row('4')]);
    expect(flat.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    expect(flat.some((m) => 'children' in m)).toBe(false);
  });

  it('shows -1 account quotas as unlimited', () => {
    expect(accountLabel(-1)).toMatch(/不限制|Unlimited/);
    expect(accountLabel(undefined)).toMatch(/不限制|Unlimited/);
    expect(accountLabel(5)).toBe('5');
  });
});
