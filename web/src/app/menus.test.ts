import { describe, expect, it } from 'vitest';
import type { MenuNode } from '#src/api/types';
import { isVisible, menuLabel, menuTarget, permissionMap, searchMenus, sidebarMenus } from './menus';

const menu = (over: Partial<MenuNode>): MenuNode =>
  ({
    id: '1',
    parentId: '0',
    code: 'x',
    name: 'X',
    path: '/x',
    ...over,
  }) as MenuNode;
const links = {
  dataCentre: 'https://dc.example',
  largeScreen: 'https://big.example',
  topology: '',
  frontPage: '',
};

describe('menu visibility (spec §6)', () => {
  it('hides menus with isShow 0', () => {
    expect(isVisible(menu({ isShow: 0 }), 'admin')).toBe(false);
    expect(isVisible(menu({ isShow: 1 }), 'admin')).toBe(true);
    expect(isVisible(menu({}), 'admin')).toBe(true);
  });

  it('shows role-restricted menus only to their roles', () => {
    const restricted = menu({ meta: { roles: ['operator'] } });
    expect(isVisible(restricted, 'operator')).toBe(true);
    expect(isVisible(restricted, 'admin')).toBe(false);
  });

  it('keeps the special codes out of the sidebar, recursively', () => {
    const tree = [
      menu({
        id: 'v',
        code: 'visual',
        children: [menu({ id: 'l', code: 'largepage' }), menu({ id: 'm', code: 'map', name: '地图' })],
      }),
    ];
    expect(sidebarMenus(tree, 'admin')[0].children?.map((m) => m.code)).toEqual(['map']);
  });
});

describe('menuTarget (spec §2 sidebar)', () => {
  it('routes ordinary menus to their path', () => {
    expect(menuTarget(menu({ path: '/desk/notice' }), links)).toEqual({ kind: 'route', to: '/desk/notice' });
  });

  it('opens external links in a new window when isOpen is 2', () => {
    expect(menuTarget(menu({ path: 'https://docs.example', isOpen: 2 }), links)).toEqual({
      kind: 'window',
      url: 'https://docs.example',
    });
  });

  it('embeds other http and html paths with query src and name', () => {
    expect(
      menuTarget(menu({ code: 'report', name: '报表', path: 'http://r.example/a.html' }), links),
    ).toEqual({
      kind: 'embed',
      to: '/myiframe/report?src=http%3A%2F%2Fr.example%2Fa.html&name=%E6%8A%A5%E8%A1%A8',
    });
  });

  it('keeps built-in codes on their own routes', () => {
    expect(menuTarget(menu({ code: 'knowledge', path: '/index/knowledge' }), links)).toEqual({
      kind: 'route',
      to: '/index/knowledge',
    });
    expect(menuTarget(menu({ code: 'aiChat', path: 'http://ai.example/chat.html' }), links)).toMatchObject({
      kind: 'route',
    });
  });

  it('opens large-screen platform paths in a new window, not embedded', () => {
    expect(menuTarget(menu({ path: 'http://big.example/cockpit?platform=large' }), links)).toEqual({
      kind: 'window',
      url: 'http://big.example/cockpit?platform=large',
    });
  });

  it('opens the special codes at the configured sites', () => {
    expect(menuTarget(menu({ code: 'largepage' }), links)).toEqual({
      kind: 'window',
      url: links.largeScreen,
    });
    expect(menuTarget(menu({ code: 'datacenter' }), links)).toEqual({
      kind: 'window',
      url: links.dataCentre,
    });
  });
});

describe('searchMenus', () => {
  const tree = [
    menu({
      id: 's',
      name: '系统管理',
      children: [menu({ id: 'u', name: 'User admin' }), menu({ id: 'r', name: 'Roles' })],
    }),
  ];

  it('matches leaf names by case-insensitive prefix', () => {
    expect(searchMenus(tree, 'user', 'zh').map((m) => m.id)).toEqual(['u']);
    expect(searchMenus(tree, 'ADMIN', 'zh')).toEqual([]);
    expect(searchMenus(tree, '系统', 'zh')).toEqual([]);
    expect(searchMenus(tree, ' ', 'zh')).toEqual([]);
  });

  it('matches the label of the current language', () => {
    const named = [menu({ id: 'n', name: '通知公告', nameEn: 'Notices' })];
    expect(searchMenus(named, 'not', 'en').map((m) => m.id)).toEqual(['n']);
    expect(searchMenus(named, '通知', 'zh').map((m) => m.id)).toEqual(['n']);
    expect(searchMenus(named, 'not', 'zh')).toEqual([]);
  });
});

describe('menuLabel', () => {
  it('uses the English name in English when there is one', () => {
    expect(menuLabel({ name: '通知公告', nameEn: 'Notices' }, 'en')).toBe('Notices');
    expect(menuLabel({ name: '通知公告', nameEn: '' }, 'en')).toBe('通知公告');
    expect(menuLabel({ name: '通知公告', nameEn: 'Notices' }, 'zh')).toBe('通知公告');
  });
});

describe('permissionMap', () => {
  it('maps every code of the button tree', () => {
    const buttons = [
      menu({ code: 'notice', children: [menu({ code: 'notice_add' }), menu({ code: 'notice_edit' })] }),
    ];
    expect(permissionMap(buttons)).toEqual({ notice: true, notice_add: true, notice_edit: true });
  });
});
