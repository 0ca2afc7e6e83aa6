import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

const DiaryPage = lazyPage(() => import('./diary-page').then((m) => m.DiaryPage));

export const diaryRoutes: FeatureRoutes = {
  member: [{ path: 'event-diary', Component: DiaryPage }],
  menu: [{ to: paths.eventDiary(), label: msg`My Diary`, order: 120, signedIn: true }],
};
