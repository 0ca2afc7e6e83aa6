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
  const taken = type.sold + type.held;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">{type.name}</h3>
            {type.isHidden ? <Badge variant="outline">Hidden</Badge> : null}
            {type.unlockCode ? <Badge variant="warning">Code: {type.unlockCode}</Badge> : null}
          </div>
          <p className="font-bold tabular-nums">{formatPrice(type.priceCents, type.currency)}</p>
          {type.description ? (
            <p className="text-sm text-muted-foreground">{type.description}</p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${type.name}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${type.name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm sm:max-w-md">
        <div>
          <dt className="text-muted-foreground">Sold</dt>
          <dd className="font-semibold tabular-nums">{type.sold}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Held</dt>
          <dd className="font-semibold tabular-nums">{type.held}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Remaining</dt>
          <dd className="font-semibold tabular-nums">{type.remaining}</dd>
        </div>
      </dl>
      <Meter
        label={`${type.name}: ${taken} of ${type.quantity} sold or held`}
        value={taken}
        max={type.quantity}
      />
    </li>
  );
}

/** The owner's ticket types: sold/held/remaining, the capacity bar, create, edit and delete. */
export function TicketTypesManager({ eventId }: { eventId: string }) {
  const query = useQuery(managedTypesQuery(eventId));
  const remove = useDeleteTicketType(eventId);
  const [editing, setEditing] = useState<ManagedTicketType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManagedTicketType | null>(null);

  if (query.isPending) return <Spinner label="Loading ticket types" />;
  if (query.isError) {
    return (
      <LoadFailed
        title="Ticket types could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { ticketTypes, capacity, allocated } = query.data;
  const currency = ticketTypes[0]?.currency ?? 'USD';

  return (
    <section aria-labelledby="types-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="types-title" className="text-xl font-bold">
          Ticket types
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Add ticket type
        </Button>
      </div>
      <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-4">
        <p className="text-sm font-medium">
          {capacity === null
            ? `${allocated} tickets on offer · no event capacity set`
            : `${allocated} of ${capacity} places allocated to ticket types`}
        </p>
        {capacity !== null ? (
          <Meter
            label={`${allocated} of ${capacity} places allocated`}
            value={allocated}
            max={capacity}
          />
        ) : null}
      </div>
      {ticketTypes.length === 0 ? (
        <EmptyState icon={Ticket} title="No ticket types yet">
          <p className="text-sm text-muted-foreground">
            Add a free or paid ticket type so people can register or buy.
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {ticketTypes.map((t) => (
            <TypeCard
              key={t.id}
              type={t}
              onEdit={() => setEditing(t)}
              onDelete={() => setDeleting(t)}
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
        title={`Delete ${deleting?.name ?? 'this ticket type'}?`}
        description="Buyers will no longer see it. Types with sales cannot be deleted; hide them instead."
        error={
          remove.isError
            ? errorMessage(remove.error, 'The ticket type could not be deleted.')
            : null
        }
        cancelLabel="Keep it"
        confirmLabel="Delete ticket type"
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.name} deleted`);
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
