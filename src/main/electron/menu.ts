import { Menu } from 'electron';
import { menuTemplate, type MenuActions, type MenuOptions } from './menuTemplate';

export type { MenuActions } from './menuTemplate';

/** The application menu (its items: menuTemplate.ts). */
export function buildMenu(actions: MenuActions, options: MenuOptions): Menu {
  return Menu.buildFromTemplate(menuTemplate(actions, options));
}
