import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

/** This feature's main-menu entries: they load with the shell, its routes with the route table. */
export const directoryMenu: MenuEntry[] = [
  { to: paths.organizers(), label: msg`Organizers`, order: 30 },
  { to: paths.venues(), label: msg`Venues`, order: 40 },
];
