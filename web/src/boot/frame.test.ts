import { afterEach, describe, expect, it } from 'vitest';
import { paintShellFrame, removeShellFrame } from './frame';

const MENUS = [
  { id: '1', name: '工作台', nameEn: 'Desk', path: '/desk', code: 'desk', children: [] },
  { id: '2', name: '隐藏', path: '/hidden', code: 'hidden', isShow: 0, children: [] },
  { id: '3', name: '大屏', path: '/largepage', code: 'largepage', children: [] },
];

function store(session: object, settings: object = {}) {
  localStorage.setItem('plantdesk-session', JSON.stringify({ state: session, version: 0 }));
  localStorage.setItem('plantdesk-settings', JSON.stringify({ state: settings, version: 0 }));
}

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

const frame = () => document.querySelector<HTMLElement>('.pd-boot-frame');

afterEach(() => {
  removeShellFrame();
  visit('/');
});

describe("the boot entry's frame of the shell", () => {
  it('draws the visible stored menus in the stored theme and goes when told', () => {
    store({ token: 't', user: { id: '1' }, menus: MENUS }, { theme: 'theme-white' });
    visit('/desk/notice');
    paintShellFrame();
    const items = [...document.querySelectorAll('.pd-boot-frame-sider li')].map((li) => li.textContent);
    // isShow 0 and the header-button codes are not sidebar entries (app/menus.ts sidebarMenus).
    expect(items).toEqual(['工作台']);
    expect(frame()?.style.getPropertyValue('--pd-sider-bg')).toBe('#ffffff');
    removeShellFrame();
    expect(frame()).toBeNull();
  });

  it('takes the English names in English', () => {
    store({ token: 't', user: { id: '1' }, menus: MENUS });
    localStorage.setItem('language', 'en');
    visit('/desk/notice');
    paintShellFrame();
    expect(document.querySelector('.pd-boot-frame-sider li')?.textContent).toBe('Desk');
  });

  it('is not drawn where the route guard goes elsewhere or the page is full-screen', () => {
    for (const [session, path] of [
      [{ token: 't', menus: MENUS }, '/desk/notice'],
      [{ token: 't', user: { id: '1' }, locked: true }, '/desk/notice'],
      [{ token: 't', user: { id: '1' } }, '/lock'],
      [{ token: 't', user: { id: '1' } }, '/cockpit'],
    ] as const) {
      store(session);
      visit(path);
      paintShellFrame();
      expect(frame(), path).toBeNull();
    }
  });

  it('leaves the sidebar out with platform=large', () => {
    store({ token: 't', user: { id: '1' }, menus: MENUS });
    visit('/desk/notice?platform=large');
    paintShellFrame();
    expect(frame()).not.toBeNull();
    expect(document.querySelector('.pd-boot-frame-sider')).toBeNull();
  });
});
