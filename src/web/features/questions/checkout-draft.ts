import type { OrderInput } from '../../../contracts/tickets';
import type { AnswerDraft } from './answer-field';

// The checkout's questions step between choosing tickets and paying: what is being bought and
// the answers so far, kept for the tab (sessionStorage), so coming back after a failed or
// cancelled payment finds the answers as they were given.

const KEY = 'mea.checkout-answers';

/** What the step buys: an order, or a free registration to one event. */
export type CheckoutStepTarget =
  | { kind: 'order'; input: OrderInput }
  | { kind: 'register'; eventId: string; ticketTypeId: string; quantity: number; access?: string };

export interface AnswerDrafts {
  order: Record<string, AnswerDraft>;
  /** By `<ticketTypeId>.<n>`, n from 0 among the order's tickets of that type. */
  tickets: Record<string, Record<string, AnswerDraft>>;
}

export interface CheckoutDraft {
  target: CheckoutStepTarget;
  answers: AnswerDrafts;
}

export const emptyDrafts = (): AnswerDrafts => ({ order: {}, tickets: {} });

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const lineSignature = (target: CheckoutStepTarget) =>
  target.kind === 'order'
    ? JSON.stringify(target.input.items.map((i) => [i.ticketTypeId, i.quantity]))
    : JSON.stringify([target.ticketTypeId, target.quantity]);

export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const raw = store()?.getItem(KEY);
    return raw ? (JSON.parse(raw) as CheckoutDraft) : null;
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    store()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the step still works, without memory
  }
}

/** Opens the step for this purchase; answers already given for the same tickets are kept. */
export function startCheckoutDraft(target: CheckoutStepTarget): void {
  const previous = readCheckoutDraft();
  const same = previous && lineSignature(previous.target) === lineSignature(target);
  saveCheckoutDraft({ target, answers: same ? previous.answers : emptyDrafts() });
}

/** A paid order's answers are on its tickets: the next purchase starts with empty fields. */
export function forgetCheckoutDraft(): void {
  store()?.removeItem(KEY);
}

/** The answers as the API takes them: the order's, then each ticket's in the lines' order. */
export function answersInput(
  drafts: AnswerDrafts,
  lines: { ticketTypeId: string; quantity: number }[],
) {
  const clean = (values: Record<string, AnswerDraft>) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
      string,
      Exclude<AnswerDraft, undefined>
    >;
  return {
    order: clean(drafts.order),
    tickets: lines.flatMap((line) =>
      Array.from({ length: line.quantity }, (_, n) => ({
        ticketTypeId: line.ticketTypeId,
        answers: clean(drafts.tickets[`${line.ticketTypeId}.${n}`] ?? {}),
      })),
    ),
  };
}
