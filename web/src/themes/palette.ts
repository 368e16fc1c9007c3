/**
 * The themes' colours, without antd: the boot entry paints the shell's frame in them before the console loads
 * (boot/frame.ts); themes/index.ts re-exports all of it beside antd's theme config.
 */

/** The eleven themes of spec §2, stored under their Saber names (`theme-default` is the default). */
export const THEME_NAMES = [
  'theme-default',
  'theme-white',
  'theme-dark',
  'theme-colourful',
  'theme-smart',
  'theme-iview',
  'theme-vip',
  'theme-cool',
  'theme-d2',
  'theme-hey',
  'theme-lte',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

export const DEFAULT_THEME: ThemeName = 'theme-default';

export interface ThemeSpec {
  /** Sidebar and logo bar background (any CSS background). */
  sider: string;
  /** Whether the sidebar menu is drawn light-on-dark. */
  siderDark: boolean;
  header: string;
  headerText: string;
  /** Selected top-menu item on a coloured header; light headers use the primary colour. */
  headerActive?: string;
  /** The whole app switches to antd's dark algorithm. */
  dark?: boolean;
}

export const THEMES: Record<ThemeName, ThemeSpec> = {
  'theme-default': { sider: '#20222a', siderDark: true, header: '#ffffff', headerText: '#303133' },
  'theme-white': { sider: '#ffffff', siderDark: false, header: '#ffffff', headerText: '#303133' },
  'theme-dark': { sider: '#141414', siderDark: true, header: '#1f1f1f', headerText: '#e5e5e5', dark: true },
  'theme-colourful': {
    sider: 'linear-gradient(180deg, #4b6cb7 0%, #182848 100%)',
    siderDark: true,
    header: 'linear-gradient(90deg, #4b6cb7 0%, #7b4397 100%)',
    headerText: '#ffffff',
    headerActive: '#ffffff',
  },
  'theme-smart': {
    sider: '#001529',
    siderDark: true,
    header: '#001529',
    headerText: '#ffffff',
    headerActive: '#ffffff',
  },
  'theme-iview': { sider: '#515a6e', siderDark: true, header: '#ffffff', headerText: '#515a6e' },
  'theme-vip': {
    sider: '#1e1e28',
    siderDark: true,
    header: '#1e1e28',
    headerText: '#f2d89b',
    headerActive: '#ffe7ba',
  },
  'theme-cool': {
    sider: '#f0f5ff',
    siderDark: false,
    header: '#2f54eb',
    headerText: '#ffffff',
    headerActive: '#ffffff',
  },
  'theme-d2': { sider: '#ebf1f6', siderDark: false, header: '#ebf1f6', headerText: '#2f3d4d' },
  'theme-hey': { sider: '#fafafa', siderDark: false, header: '#ffffff', headerText: '#303133' },
  'theme-lte': {
    sider: '#222d32',
    siderDark: true,
    header: '#3c8dbc',
    headerText: '#ffffff',
    headerActive: '#ffffff',
  },
};

/** Spec §9: hey, d2 and cool use the light logo, the others the dark one. */
export function logoMode(name: ThemeName): 'LIGHT' | 'DARK' {
  return name === 'theme-hey' || name === 'theme-d2' || name === 'theme-cool' ? 'LIGHT' : 'DARK';
}

export function isThemeName(value: unknown): value is ThemeName {
  return THEME_NAMES.includes(value as ThemeName);
}

export function themeCssVariables(name: ThemeName): Record<string, string> {
  const spec = THEMES[name] ?? THEMES[DEFAULT_THEME];
  return {
    '--pd-sider-bg': spec.sider,
    '--pd-header-bg': spec.header,
    '--pd-header-text': spec.headerText,
  };
}
