import { registerEventCopier } from '../events/events.service';
import type { ServerModule } from '../module';
import { copyQuestions } from './questions.copy';
import { questionRoutes } from './questions.routes';
import { seedQuestions } from './questions.seed';

// A duplicated event asks the same questions (decision 050).
registerEventCopier('questions', copyQuestions);

/** Checkout questions: asked per order or per ticket, answered at checkout (decision 050). */
export const questionsModule: ServerModule = {
  name: 'questions',
  routes: (ctx) => questionRoutes(ctx),
  seed: seedQuestions,
};
