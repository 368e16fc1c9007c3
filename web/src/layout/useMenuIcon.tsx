import { AppstoreOutlined } from '@ant-design/icons';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

type IconSet = Record<string, ComponentType>;

let iconSet: IconSet | null = null;
let loading: Promise<IconSet> | null = null;

function loadIcons() {
  loading ??= import('./menuIconSet').then((m) => {
    iconSet = m.MENU_ICONS;
    return iconSet;
  });
  return loading;
}

/**
 * The icon for a menu's `source`; the default icon for none or an unknown name (spec §2). Until the
 * icon set has loaded every menu shows the default icon.
 */
export function useMenuIcon(): (source: string | undefined) => ReactNode {
  const [icons, setIcons] = useState(iconSet);
  useEffect(() => {
    if (!icons) loadIcons().then(setIcons);
  }, [icons]);
  return (source) => {
    const Icon = source ? icons?.[source] : undefined;
    return Icon ? <Icon /> : <AppstoreOutlined />;
  };
}
