import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

/** This feature's main-menu entries: they load with the shell, its routes with the route table. */
export const eventsMenu: MenuEntry[] = [
  { to: paths.events(), label: msg`Events`, order: 10 },
  { to: paths.categories(), label: msg`Categories`, order: 50 },
];
