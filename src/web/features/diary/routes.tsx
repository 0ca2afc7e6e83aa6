import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const DiaryPage = lazyPage(() => import('./diary-page').then((m) => m.DiaryPage));

export const diaryRoutes: FeatureRoutes = {
  member: [{ path: 'event-diary', Component: DiaryPage }],
};
