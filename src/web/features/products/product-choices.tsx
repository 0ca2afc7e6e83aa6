import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Product, ProductVariation } from '../../../contracts/products';
import { formatPrice } from '../../lib/money';
import { productsQuery } from './api';

/** A chosen variation: how many, at what unit price (for the picker's total). */
export interface ChosenProduct {
  quantity: number;
  priceCents: number;
}

/** The ticket picker's quantity control, handed in so both lists look and behave alike. */
export type StepperProps = {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
};

/** How many of a product the chosen tickets allow (Infinity when it is also sold alone). */
export function addOnAllowance(product: Product, tickets: Record<string, number>): number {
  if (product.soldAlone) return Number.POSITIVE_INFINITY;
  return product.addOns.reduce(
    (sum, rule) => sum + rule.maxPerTicket * (tickets[rule.ticketTypeId] ?? 0),
    0,
  );
}

function VariationRow({
  product,
  variation,
  value,
  max,
  Stepper,
  onChange,
}: {
  product: Product;
  variation: ProductVariation;
  value: number;
  max: number;
  Stepper: ComponentType<StepperProps>;
  onChange: (n: number) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-3">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{variation.label ?? product.name}</span>
        <span className="text-sm tabular-nums text-muted-foreground">
          {formatPrice(variation.priceCents, product.currency)}
          {variation.availability === 'sold_out' ? (
            <>
              {' · '}
              <Trans>Sold out</Trans>
            </>
          ) : null}
        </span>
      </div>
      <Stepper
        id={`product-${variation.ticketTypeId}`}
        label={variation.displayName}
        value={value}
        min={0}
        max={max}
        disabled={max === 0 && value === 0}
        onChange={onChange}
      />
    </li>
  );
}

/**
 * The event's products on the ticket picker (decision 051): add-ons with their limits per
 * ticket, then extras sold alone. A product only sold with a ticket opens once a ticket it goes
 * with is chosen; the server checks the same rules at checkout.
 */
export function ProductChoices({
  eventId,
  access,
  tickets,
  chosen,
  onChange,
  Stepper,
}: {
  eventId: string;
  access: string | null;
  /** Chosen tickets by ticket type id. */
  tickets: Record<string, number>;
  chosen: Record<string, ChosenProduct>;
  onChange: (next: Record<string, ChosenProduct>) => void;
  Stepper: ComponentType<StepperProps>;
}) {
  const { t } = useLingui();
  const query = useQuery(productsQuery(eventId, access));
  const products = query.data?.products ?? [];
  if (!products.length) return null;

  const countOf = (product: Product) =>
    product.variations.reduce((sum, v) => sum + (chosen[v.ticketTypeId]?.quantity ?? 0), 0);

  const renderProduct = (product: Product) => {
    const allowance = Math.min(addOnAllowance(product, tickets), product.maxPerOrder);
    const taken = countOf(product);
    const name = product.name;
    return (
      <li key={product.id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">{name}</h3>
          {product.description ? (
            <p className="text-sm text-muted-foreground">{product.description}</p>
          ) : null}
          {product.addOns.map((rule) => {
            const ticket = rule.ticketTypeName;
            const min = rule.minPerTicket;
            const max = rule.maxPerTicket;
            return (
              <p key={rule.ticketTypeId} className="text-xs text-muted-foreground">
                {min > 0 ? (
                  <Trans>
                    With each {ticket} ticket: at least {min}, at most {max}
                  </Trans>
                ) : (
                  <Trans>
                    With each {ticket} ticket: up to {max}
                  </Trans>
                )}
              </p>
            );
          })}
          {!product.soldAlone && allowance === 0 ? (
            <p className="text-xs font-medium text-foreground">
              <Trans>Choose a ticket above to add this.</Trans>
            </p>
          ) : null}
        </div>
        <ul className="flex flex-col gap-2" aria-label={t`Options of ${name}`}>
          {product.variations.map((variation) => {
            const value = chosen[variation.ticketTypeId]?.quantity ?? 0;
            const onSale = variation.availability === 'on_sale';
            const max = onSale
              ? Math.max(0, Math.min(variation.remaining, value + allowance - taken))
              : 0;
            return (
              <VariationRow
                key={variation.ticketTypeId}
                product={product}
                variation={variation}
                value={value}
                max={max}
                Stepper={Stepper}
                onChange={(n) =>
                  onChange({
                    ...chosen,
                    [variation.ticketTypeId]: { quantity: n, priceCents: variation.priceCents },
                  })
                }
              />
            );
          })}
        </ul>
      </li>
    );
  };

  const addOns = products.filter((p) => p.addOns.length > 0);
  const extras = products.filter((p) => p.addOns.length === 0 && p.soldAlone);
  return (
    <div className="flex flex-col gap-6">
      {addOns.length ? (
        <section aria-labelledby="add-ons-title" className="flex flex-col gap-3">
          <h2 id="add-ons-title" className="text-xl font-bold">
            <Trans>Add-ons</Trans>
          </h2>
          <ul className="flex flex-col gap-3">{addOns.map(renderProduct)}</ul>
        </section>
      ) : null}
      {extras.length ? (
        <section aria-labelledby="extras-title" className="flex flex-col gap-3">
          <h2 id="extras-title" className="text-xl font-bold">
            <Trans>Extras</Trans>
          </h2>
          <ul className="flex flex-col gap-3">{extras.map(renderProduct)}</ul>
        </section>
      ) : null}
    </div>
  );
}
