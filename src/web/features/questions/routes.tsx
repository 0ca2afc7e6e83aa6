import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Checkout questions: the organizer's builder and the checkout's questions step.
const QuestionsPage = lazyPage(() => import('./questions-page').then((m) => m.QuestionsPage));
const CheckoutQuestionsPage = lazyPage(() =>
  import('./checkout-questions-page').then((m) => m.CheckoutQuestionsPage),
);

export const questionsRoutes: FeatureRoutes = {
  member: [
    // Not in spec §2: the event's checkout questions (owner or admin).
    { path: 'event/:eventId/questions', Component: QuestionsPage },
    // Not in spec §2: between choosing tickets and paying, when the event asks questions.
    { path: 'checkout/questions', Component: CheckoutQuestionsPage },
  ],
};
