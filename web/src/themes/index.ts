import { theme as antdTheme, type ThemeConfig } from 'antd';
import { DEFAULT_THEME, THEMES, type ThemeName } from './palette';

export * from './palette';

/** antd tokens for a theme and primary colour; layout colours go through CSS variables. */
export function antdThemeConfig(name: ThemeName, color: string): ThemeConfig {
  const spec = THEMES[name] ?? THEMES[DEFAULT_THEME];
  return {
    algorithm: spec.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    // Component styles come from the static antd/dist/antd.css (main.tsx), tokens from CSS variables:
    // generating the styles at run time cost ~1.4 s of main thread at 4x CPU on a deep link.
    zeroRuntime: true,
    token: { colorPrimary: color, borderRadius: 4 },
    components: {
      Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0, 0, 0, 0.18)', itemBg: 'transparent' },
      Layout: { siderBg: 'transparent', headerPadding: '0 12px', headerHeight: 50 },
    },
  };
}

/** The header's menu follows the header colours (its own tokens, so the sidebar menu is untouched). */
export function headerMenuTheme(name: ThemeName, color: string): ThemeConfig {
  const spec = THEMES[name] ?? THEMES[DEFAULT_THEME];
  const active = spec.headerActive ?? color;
  return {
    components: {
      Menu: {
        itemColor: spec.headerText,
        itemHoverColor: active,
        horizontalItemHoverColor: active,
        horizontalItemSelectedColor: active,
        itemBg: 'transparent',
      },
    },
  };
}
