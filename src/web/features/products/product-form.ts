import type { ManagedProduct, ProductCategory, ProductInput } from '../../../contracts/products';
import type { Currency } from '../../../contracts/tickets';
import { decimalStringToMinor, minorToDecimalString } from '../../../contracts/currency';

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

// In the product's currency: "12.50" USD, "1500" JPY, "1.250" KWD.
const money = (cents: number, currency: Currency) => minorToDecimalString(cents, currency);

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
    price: money(product.priceCents, product.currency),
    currency: product.currency,
    soldAlone: product.soldAlone,
    maxPerOrder: String(product.maxPerOrder),
    variations: product.variations.map((v) => ({
      id: v.ticketTypeId,
      label: v.label ?? '',
      quantity: String(v.quantity),
      price: v.ownPrice ? money(v.priceCents, product.currency) : '',
    })),
    addOns: Object.fromEntries(
      product.addOns.map((rule) => [
        rule.ticketTypeId,
        { enabled: true, min: String(rule.minPerTicket), max: String(rule.maxPerTicket) },
      ]),
    ),
  };
}

/**
 * Text to minor units of the currency ("12.5" → 1250 USD, 12500 KWD; "1500" → 1500 JPY); NaN for
 * text that is not an amount with at most the currency's decimals, so the server names it.
 */
export function toCents(text: string, currency: Currency = 'USD'): number {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return Number.NaN;
  return decimalStringToMinor(trimmed, currency) ?? Number.NaN;
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The API's input; what the browser cannot judge (labels, rules, limits) the server words. */
export function formToInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    description: values.description,
    category: values.category,
    priceCents: toCents(values.price, values.currency),
    currency: values.currency,
    soldAlone: values.soldAlone,
    maxPerOrder: whole(values.maxPerOrder),
    variations: values.variations.map((v) => ({
      id: v.id,
      label: v.label,
      quantity: whole(v.quantity),
      priceCents: v.price.trim() ? toCents(v.price, values.currency) : null,
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

/**
 * A path of the API body ("variations.1.priceCents", "addOns.0.maxPerTicket") as the form's
 * field ("variations.1.price", "addOns.<ticket type id>.max"); a list's own problem ("addOns")
 * is its `root`. Null for what the form does not show (the sales window).
 */
export function productFieldPath(path: string, values: ProductFormValues): string | null {
  const [first = '', index, leaf] = path.split('.');
  const top: Record<string, string> = {
    name: 'name',
    description: 'description',
    category: 'category',
    priceCents: 'price',
    currency: 'currency',
    maxPerOrder: 'maxPerOrder',
  };
  if (top[first]) return top[first];
  if (first === 'variations') {
    if (index === undefined || leaf === undefined) return 'variations.root';
    const field = { label: 'label', quantity: 'quantity', priceCents: 'price' }[leaf];
    return field ? `variations.${index}.${field}` : 'variations.root';
  }
  if (first === 'addOns') {
    const typeId = Object.entries(values.addOns).filter(([, rule]) => rule.enabled)[
      Number(index)
    ]?.[0];
    const field = leaf && { minPerTicket: 'min', maxPerTicket: 'max' }[leaf];
    return typeId && field ? `addOns.${typeId}.${field}` : 'addOns.root';
  }
  return null;
}
