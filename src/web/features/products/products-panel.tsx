import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ManagedProduct } from '../../../contracts/products';
import type { Currency } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/money';
import { managedProductsQuery, useDeleteProduct } from './api';
import { CATEGORY_LABELS, ProductDialog } from './product-dialog';

function ProductCard({
  product,
  onEdit,
  onDelete,
}: {
  product: ManagedProduct;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useLingui();
  const name = product.name;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">{name}</h3>
            <Badge variant="outline">{i18n._(CATEGORY_LABELS[product.category])}</Badge>
            {product.soldAlone ? null : (
              <Badge variant="warning">
                <Trans>Only with a ticket</Trans>
              </Badge>
            )}
          </div>
          <p className="font-bold tabular-nums">
            {formatPrice(product.priceCents, product.currency)}
          </p>
          {product.addOns.length ? (
            <ul className="text-sm text-muted-foreground">
              {product.addOns.map((rule) => {
                const ticket = rule.ticketTypeName;
                const min = rule.minPerTicket;
                const max = rule.maxPerTicket;
                return (
                  <li key={rule.ticketTypeId}>
                    <Trans>
                      With {ticket}: {min} to {max} per ticket
                    </Trans>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t`Edit ${name}`}>
            <Pencil aria-hidden="true" className="size-4" />
            <Trans>Edit</Trans>
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t`Delete ${name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
      <table className="w-full text-sm sm:max-w-lg">
        <caption className="sr-only">
          <Trans>Stock of {name}</Trans>
        </caption>
        <thead>
          <tr className="text-start text-muted-foreground">
            <th scope="col" className="text-start font-normal">
              <Trans>Variation</Trans>
            </th>
            <th scope="col" className="text-end font-normal">
              <Trans>Sold</Trans>
            </th>
            <th scope="col" className="text-end font-normal">
              <Trans>Held</Trans>
            </th>
            <th scope="col" className="text-end font-normal">
              <Trans>Remaining</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {product.variations.map((v) => (
            <tr key={v.ticketTypeId}>
              <th scope="row" className="text-start font-medium">
                {v.label ?? name}
                {v.ownPrice ? (
                  <span className="ms-2 text-muted-foreground tabular-nums">
                    {formatPrice(v.priceCents, product.currency)}
                  </span>
                ) : null}
              </th>
              <td className="text-end tabular-nums">{v.sold}</td>
              <td className="text-end tabular-nums">{v.held}</td>
              <td className="text-end tabular-nums">{v.remaining}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}

/** The owner's products: merchandise, parking, meals, workshop seats, with their add-on rules. */
export function ProductsPanel({
  eventId,
  ticketTypes,
  defaultCurrency,
}: {
  eventId: string;
  /** The event's ticket types, which a product can be offered with. */
  ticketTypes: { id: string; name: string }[];
  defaultCurrency: Currency;
}) {
  const { t } = useLingui();
  const query = useQuery(managedProductsQuery(eventId));
  const remove = useDeleteProduct(eventId);
  const [editing, setEditing] = useState<ManagedProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedProduct | null>(null);

  if (query.isPending) return <Spinner label={t`Loading products`} />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t`Products could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { products } = query.data;
  const deletingName = deleting?.name;
  return (
    <section aria-labelledby="products-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="products-title" className="text-xl font-bold">
          <Trans>Products and add-ons</Trans>
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add product</Trans>
        </Button>
      </div>
      {products.length === 0 ? (
        <EmptyState icon={Package} title={t`No products yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Sell T-shirts, parking, meals or workshop seats on their own or with a ticket.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              onEdit={() => setEditing(product)}
              onDelete={() => setDeleting(product)}
            />
          ))}
        </ul>
      )}
      <ProductDialog
        eventId={eventId}
        product={editing === 'new' ? null : editing}
        ticketTypes={ticketTypes}
        defaultCurrency={defaultCurrency}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={deletingName ? t`Delete ${deletingName}?` : t`Delete this product?`}
        description={t`Buyers will no longer see it. Products with sales cannot be deleted.`}
        error={
          remove.isError ? errorMessage(remove.error, t`The product could not be deleted.`) : null
        }
        cancelLabel={t`Keep it`}
        confirmLabel={t`Delete product`}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              const deletedName = deleting.name;
              toast.success(t`${deletedName} deleted`);
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
