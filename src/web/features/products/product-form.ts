import type { ManagedProduct, ProductCategory, ProductInput } from '../../../contracts/products';
import type { Currency } from '../../../contracts/tickets';

// The product dialog's form values (text as typed) and their conversion to the API's input.

export interface VariationValues {
  id: string | null;
  label: string;
  quantity: string;
  /** Empty: the product's price. */
  price: string;
}

export interface AddOnValues {
  enabled: boolean;
  min: string;
  max: string;
}

export interface ProductFormValues {
  name: string;
  description: string;
  category: ProductCategory;
  price: string;
  currency: Currency;
  soldAlone: boolean;
  maxPerOrder: string;
  variations: VariationValues[];
  /** By ticket type id. */
  addOns: Record<string, AddOnValues>;
}

const money = (cents: number) => (cents / 100).toFixed(2);

export const emptyVariation = (): VariationValues => ({
  id: null,
  label: '',
  quantity: '50',
  price: '',
});

export function emptyProductForm(currency: Currency): ProductFormValues {
  return {
    name: '',
    description: '',
    category: 'merchandise',
    price: '',
    currency,
    soldAlone: true,
    maxPerOrder: '10',
    variations: [emptyVariation()],
    addOns: {},
  };
}

export function productToForm(product: ManagedProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    price: money(product.priceCents),
    currency: product.currency,
    soldAlone: product.soldAlone,
    maxPerOrder: String(product.maxPerOrder),
    variations: product.variations.map((v) => ({
      id: v.ticketTypeId,
      label: v.label ?? '',
      quantity: String(v.quantity),
      price: v.ownPrice ? money(v.priceCents) : '',
    })),
    addOns: Object.fromEntries(
      product.addOns.map((rule) => [
        rule.ticketTypeId,
        { enabled: true, min: String(rule.minPerTicket), max: String(rule.maxPerTicket) },
      ]),
    ),
  };
}

/** Text to cents ("12.5" → 1250); NaN for text that is not an amount, so the server names it. */
export function toCents(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The API's input; what the browser cannot judge (labels, rules, limits) the server words. */
export function formToInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    description: values.description,
    category: values.category,
    priceCents: toCents(values.price),
    currency: values.currency,
    soldAlone: values.soldAlone,
    maxPerOrder: whole(values.maxPerOrder),
    variations: values.variations.map((v) => ({
      id: v.id,
      label: v.label,
      quantity: whole(v.quantity),
      priceCents: v.price.trim() ? toCents(v.price) : null,
    })),
    addOns: Object.entries(values.addOns)
      .filter(([, rule]) => rule.enabled)
      .map(([ticketTypeId, rule]) => ({
        ticketTypeId,
        minPerTicket: whole(rule.min),
        maxPerTicket: whole(rule.max),
      })),
  };
}
