import { MenuScreen } from './MenuScreen';

/** 系统菜单 (/system/menu): every menu of every type. */
export default function MenuPage() {
  return <MenuScreen code="menu" />;
}
