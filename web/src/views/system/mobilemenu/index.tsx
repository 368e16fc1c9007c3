import { MenuScreen } from '../menu/MenuScreen';

/** 移动菜单 (/system/mobilemenu): the menus of type app. */
export default function MobileMenuPage() {
  return <MenuScreen code="mobilemenu" type="app" />;
}
