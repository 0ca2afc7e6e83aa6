import type { NavigateFunction } from 'react-router';
import type { OrderInput } from '../../../contracts/tickets';
import { startCheckoutDraft } from './checkout-draft';

export const CHECKOUT_QUESTIONS_PATH = '/checkout/questions';
export const eventQuestionsPath = (eventId: string) =>
  `/event/${encodeURIComponent(eventId)}/questions`;

/** Goes to the questions step for this order (answers given before for it are kept). */
export function openQuestionsStep(navigate: NavigateFunction, input: OrderInput): void {
  startCheckoutDraft({ kind: 'order', input });
  void navigate(CHECKOUT_QUESTIONS_PATH);
}
