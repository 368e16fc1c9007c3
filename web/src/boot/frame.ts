import { isBareView, menuLabel, sidebarMenus } from '#src/app/menus';
import { bootMessages } from '#src/i18n/boot';
import { DEFAULT_THEME, isThemeName, themeCssVariables } from '#src/themes/palette';
import { storedLanguage, storedSession, storedSettings } from './storage';
import './frame.css';

/**
 * A signed-in deep link paints the shell's frame from the boot entry (docs/decisions.md "Console first paint"):
 * sidebar with the last known menus, header, tab strip and a list's skeleton, in the stored theme's colours. It
 * lies over #root until the console's first route has rendered (app/Root.tsx removes it), so the user sees the
 * console's shape from the first frame instead of a spinner.
 */

/** The pages drawn without the shell (router.tsx: outside the layout route). */
const FRAMELESS_PAGES = ['/login', '/lock', '/403', '/404', '/500'];

const FRAME_CLASS = 'pd-boot-frame';

export function paintShellFrame() {
  const { pathname, search } = window.location;
  const session = storedSession();
  // Where the route guard sends the visit elsewhere, or the page is full-screen, there is no frame to show.
  if (!session.hasUser || session.locked || FRAMELESS_PAGES.includes(pathname) || isBareView(pathname))
    return;
  const large = new URLSearchParams(search).get('platform') === 'large';
  const settings = storedSettings();
  const theme = isThemeName(settings.theme) ? settings.theme : DEFAULT_THEME;
  const language = storedLanguage();

  const frame = document.createElement('div');
  frame.className = FRAME_CLASS;
  for (const [name, value] of Object.entries(themeCssVariables(theme))) frame.style.setProperty(name, value);

  const sider = document.createElement('aside');
  sider.className = `pd-boot-frame-sider${settings.collapsed ? ' pd-boot-frame-collapsed' : ''}`;
  const logo = document.createElement('div');
  logo.className = 'pd-boot-frame-logo';
  logo.textContent = bootMessages[language].app.short;
  const menu = document.createElement('ul');
  for (const item of sidebarMenus(session.menus, session.roleName)) {
    const entry = document.createElement('li');
    entry.textContent = menuLabel(item, language);
    menu.append(entry);
  }
  sider.append(logo, menu);

  const main = document.createElement('div');
  main.className = 'pd-boot-frame-main';
  const list = document.createElement('div');
  list.className = 'pd-boot-frame-list';
  // A search row, a toolbar and ten table rows: the shape of a CrudPage.
  for (const kind of ['search', 'toolbar', ...Array.from({ length: 10 }, () => 'row')]) {
    const bar = document.createElement('div');
    bar.className = `pd-boot-frame-${kind}`;
    list.append(bar);
  }
  for (const part of ['header', 'tabs']) {
    const bar = document.createElement('div');
    bar.className = `pd-boot-frame-${part}`;
    main.append(bar);
  }
  main.append(list);

  if (!large) frame.append(sider);
  frame.append(main);
  document.body.prepend(frame);
}

/** The console's first route has rendered: the frame goes. */
export function removeShellFrame() {
  document.querySelector(`.${FRAME_CLASS}`)?.remove();
}
