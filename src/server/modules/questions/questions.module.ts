import type { ServerModule } from '../module';
import { questionRoutes } from './questions.routes';
import { seedQuestions } from './questions.seed';

/** Checkout questions: asked per order or per ticket, answered at checkout (decision 050). */
export const questionsModule: ServerModule = {
  name: 'questions',
  routes: (ctx) => questionRoutes(ctx),
  seed: seedQuestions,
};
