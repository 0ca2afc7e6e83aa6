import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

/** This feature's main-menu entries: they load with the shell, its routes with the route table. */
export const subscriptionsMenu: MenuEntry[] = [
  { to: paths.subscription(), label: msg`Subscriptions`, order: 150, signedIn: true },
];
