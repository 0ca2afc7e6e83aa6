import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

/** This feature's main-menu entries: they load with the shell, its routes with the route table. */
export const messagingMenu: MenuEntry[] = [
  { to: paths.messages(), label: msg`Messages`, order: 110, signedIn: true },
];
