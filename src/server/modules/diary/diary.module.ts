import type { ServerModule } from '../module';
import { diaryRoutes } from './diary.routes';
import { seedDiary } from './diary.seed';

/** Issue 24: the personal event diary (private to its owner). */
export const diaryModule: ServerModule = {
  name: 'diary',
  prefix: '/diary',
  routes: diaryRoutes,
  seed: seedDiary,
};
