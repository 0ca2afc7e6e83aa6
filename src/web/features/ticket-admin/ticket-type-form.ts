import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  TICKET_MESSAGES,
  TicketTypeInputSchema,
  type Currency,
  type ManagedTicketType,
  type TicketTypeInput,
} from '../../../contracts/tickets';
import { moneyInputValue, offChargeStep, parseMoneyInput } from '../../lib/money';

/** The dialog's values as typed (strings), so half-typed numbers survive re-renders. */
export interface TicketTypeFormValues {
  name: string;
  description: string;
  price: string;
  currency: Currency;
  quantity: string;
  salesStart: string;
  salesEnd: string;
  /** Its tickets admit at the door from this time ("not yet valid" before it). */
  validFrom: string;
  minPerOrder: string;
  maxPerOrder: string;
  maxPerPerson: string;
  unlockCode: string;
  isHidden: boolean;
}
export type TicketTypeField = keyof TicketTypeFormValues;
export type TicketTypeErrors = Partial<Record<TicketTypeField, string>>;

/** ISO → the value of a `datetime-local` input in the viewer's zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (viewer's zone) → ISO; null when empty or unreadable. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function emptyTicketTypeForm(currency: Currency = 'USD'): TicketTypeFormValues {
  return {
    name: '',
    description: '',
    price: '0',
    currency,
    quantity: '100',
    salesStart: '',
    salesEnd: '',
    validFrom: '',
    minPerOrder: '1',
    maxPerOrder: '10',
    maxPerPerson: '',
    unlockCode: '',
    isHidden: false,
  };
}

export function ticketTypeToForm(type: ManagedTicketType): TicketTypeFormValues {
  return {
    name: type.name,
    description: type.description,
    price: moneyInputValue(type.priceCents, type.currency),
    currency: type.currency,
    quantity: String(type.quantity),
    salesStart: isoToLocalInput(type.salesStart),
    salesEnd: isoToLocalInput(type.salesEnd),
    validFrom: isoToLocalInput(type.validFrom),
    minPerOrder: String(type.minPerOrder),
    maxPerOrder: String(type.maxPerOrder),
    maxPerPerson: type.maxPerPerson === null ? '' : String(type.maxPerPerson),
    unlockCode: type.unlockCode ?? '',
    isHidden: type.isHidden,
  };
}

// API field names that the form shows under another control.
const FIELD_FOR: Record<string, TicketTypeField> = { priceCents: 'price' };

export function ticketTypeFieldFor(path: string): TicketTypeField | null {
  const name = path.replace(/^body\./, '').split('.')[0] ?? '';
  if (name in FIELD_FOR) return FIELD_FOR[name] ?? null;
  const known = Object.keys(emptyTicketTypeForm());
  return known.includes(name) ? (name as TicketTypeField) : null;
}

const toInt = (text: string) => (text.trim() === '' ? NaN : Number(text));

// The shared schema's texts are English (the server sends its own in the person's language);
// the form shows each in the page's language, and any other issue with the schema's own text.
const SCHEMA_MESSAGES = new Map<string, MessageDescriptor>([
  [TICKET_MESSAGES.nameRequired, msg`Please enter a name for this ticket`],
  [TICKET_MESSAGES.price, msg`Price must be 0 or more`],
  [TICKET_MESSAGES.quantity, msg`Quantity must be a whole number of 1 or more`],
  [TICKET_MESSAGES.salesWindow, msg`Sales must end after they start`],
  [TICKET_MESSAGES.perOrder, msg`The most per order must be at least the least per order`],
]);

const inLanguage = (message: string) => {
  const known = SCHEMA_MESSAGES.get(message);
  return known ? i18n._(known) : message;
};

/** Checks the values with the shared TicketTypeInputSchema; returns the body or field errors. */
export function validateTicketTypeForm(
  values: TicketTypeFormValues,
): { ok: true; input: TicketTypeInput } | { ok: false; errors: TicketTypeErrors } {
  const errors: TicketTypeErrors = {};
  const priceCents =
    values.price.trim() === '' ? 0 : parseMoneyInput(values.price, undefined, values.currency);
  if (priceCents === null) errors.price = inLanguage(TICKET_MESSAGES.price);
  else {
    const { currency } = values;
    const step = offChargeStep(priceCents, currency);
    if (step) errors.price = i18n._(msg`Prices in ${currency} go in steps of ${step}`);
  }
  const input: TicketTypeInput = {
    name: values.name,
    description: values.description,
    priceCents: priceCents ?? 0,
    currency: values.currency,
    quantity: toInt(values.quantity),
    salesStart: localInputToIso(values.salesStart),
    salesEnd: localInputToIso(values.salesEnd),
    validFrom: localInputToIso(values.validFrom),
    minPerOrder: toInt(values.minPerOrder),
    maxPerOrder: toInt(values.maxPerOrder),
    maxPerPerson: values.maxPerPerson.trim() ? toInt(values.maxPerPerson) : null,
    unlockCode: values.unlockCode.trim() || null,
    isHidden: values.isHidden,
  };
  const result = TicketTypeInputSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = ticketTypeFieldFor(issue.path.map(String).join('.'));
      if (field) errors[field] ??= inLanguage(issue.message);
    }
  }
  if (Number.isNaN(input.minPerOrder))
    errors.minPerOrder ??= i18n._(msg`Please enter a whole number`);
  if (Number.isNaN(input.maxPerOrder))
    errors.maxPerOrder ??= i18n._(msg`Please enter a whole number`);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}
