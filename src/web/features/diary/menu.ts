import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

/** This feature's main-menu entries: they load with the shell, its routes with the route table. */
export const diaryMenu: MenuEntry[] = [
  { to: paths.eventDiary(), label: msg`My Diary`, order: 120, signedIn: true },
];
