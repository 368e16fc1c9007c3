import { MenuScreen } from '../menu/MenuScreen';

/** PC菜单 (/system/pcmenu): the menus of type pc. */
export default function PcMenuPage() {
  return <MenuScreen code="pcmenu" type="pc" />;
}
