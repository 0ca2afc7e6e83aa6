import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Ticket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ManagedTicketType } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/money';
import { managedTypesQuery, useDeleteTicketType } from './api';
import { TicketTypeDialog } from './components/ticket-type-dialog';

function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}

function TypeCard({
  type,
  onEdit,
  onDelete,
}: {
  type: ManagedTicketType;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const taken = type.sold + type.held;
  const { name, quantity, unlockCode } = type;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">{type.name}</h3>
            {type.isHidden ? (
              <Badge variant="outline">
                <Trans>Hidden</Trans>
              </Badge>
            ) : null}
            {unlockCode ? (
              <Badge variant="warning">
                <Trans>Code: {unlockCode}</Trans>
              </Badge>
            ) : null}
          </div>
          <p className="font-bold tabular-nums">{formatPrice(type.priceCents, type.currency)}</p>
          {type.description ? (
            <p className="text-sm text-muted-foreground">{type.description}</p>
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
      <dl className="grid grid-cols-3 gap-2 text-sm sm:max-w-md">
        <div>
          <dt className="text-muted-foreground">
            <Trans>Sold</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{type.sold}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Held</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{type.held}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Remaining</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{type.remaining}</dd>
        </div>
      </dl>
      <Meter
        label={t`${name}: ${taken} of ${quantity} sold or held`}
        value={taken}
        max={type.quantity}
      />
    </li>
  );
}

/** The owner's ticket types: sold/held/remaining, the capacity bar, create, edit and delete. */
export function TicketTypesManager({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const query = useQuery(managedTypesQuery(eventId));
  const remove = useDeleteTicketType(eventId);
  const [editing, setEditing] = useState<ManagedTicketType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedTicketType | null>(null);

  if (query.isPending) return <Spinner label={t`Loading ticket types`} />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t`Ticket types could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { ticketTypes, capacity, allocated } = query.data;
  const currency = ticketTypes[0]?.currency ?? 'USD';
  const deletingName = deleting?.name;

  return (
    <section aria-labelledby="types-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="types-title" className="text-xl font-bold">
          <Trans>Ticket types</Trans>
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add ticket type</Trans>
        </Button>
      </div>
      <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-4">
        <p className="text-sm font-medium">
          {capacity === null ? (
            <Plural
              value={allocated}
              one="# ticket on offer · no event capacity set"
              other="# tickets on offer · no event capacity set"
            />
          ) : (
            <Trans>
              {allocated} of {capacity} places allocated to ticket types
            </Trans>
          )}
        </p>
        {capacity !== null ? (
          <Meter
            label={t`${allocated} of ${capacity} places allocated`}
            value={allocated}
            max={capacity}
          />
        ) : null}
      </div>
      {ticketTypes.length === 0 ? (
        <EmptyState icon={Ticket} title={t`No ticket types yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>Add a free or paid ticket type so people can register or buy.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {ticketTypes.map((type) => (
            <TypeCard
              key={type.id}
              type={type}
              onEdit={() => setEditing(type)}
              onDelete={() => setDeleting(type)}
            />
          ))}
        </ul>
      )}

      <TicketTypeDialog
        eventId={eventId}
        type={editing === 'new' ? null : editing}
        defaultCurrency={currency}
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
        title={deletingName ? t`Delete ${deletingName}?` : t`Delete this ticket type?`}
        description={t`Buyers will no longer see it. Types with sales cannot be deleted; hide them instead.`}
        error={
          remove.isError
            ? errorMessage(remove.error, t`The ticket type could not be deleted.`)
            : null
        }
        cancelLabel={t`Keep it`}
        confirmLabel={t`Delete ticket type`}
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
