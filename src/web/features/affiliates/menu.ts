import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

/** This feature's main-menu entries: they load with the shell, its routes with the route table. */
export const affiliatesMenu: MenuEntry[] = [
  { to: paths.affiliate(), label: msg`Affiliate`, order: 160, signedIn: true },
];
