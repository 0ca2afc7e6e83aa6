import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CapacityPool } from '../../../contracts/capacity-pools';
import type { ManagedTicketType } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { managedTypesQuery } from './api';
import { capacityPoolsQuery, useDeleteCapacityPool } from './capacity-api';
import { CapacityPoolDialog } from './capacity-pool-dialog';

/** One bar: sold, then held, out of the pool's capacity; the numbers are said in text too. */
function PoolBar({ pool }: { pool: CapacityPool }) {
  const { t } = useLingui();
  const { name, sold, held, capacity } = pool;
  const used = sold + held;
  const share = (n: number) => (capacity > 0 ? Math.min(100, (n / capacity) * 100) : 0);
  return (
    <div
      role="meter"
      aria-label={t`${name}: ${used} of ${capacity} places sold or held`}
      aria-valuemin={0}
      aria-valuemax={capacity}
      aria-valuenow={used}
      className="flex h-3 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary" style={{ width: `${share(sold)}%` }} />
      <div className="h-full bg-primary/40" style={{ width: `${share(held)}%` }} />
    </div>
  );
}

function PoolCard({
  pool,
  types,
  onEdit,
  onDelete,
}: {
  pool: CapacityPool;
  types: ManagedTicketType[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const { name, sold, held, left, capacity } = pool;
  const members = types.filter((type) => pool.ticketTypeIds.includes(type.id));
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-lg font-semibold">{name}</h3>
          <ul className="flex flex-wrap gap-1" aria-label={t`Ticket types in ${name}`}>
            {members.map((type) => (
              <li key={type.id}>
                <Badge variant="outline">{type.name}</Badge>
              </li>
            ))}
          </ul>
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
      <dl className="grid grid-cols-2 gap-2 text-sm sm:max-w-lg sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">
            <Trans>Capacity</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{capacity}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Sold</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{sold}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Held</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{held}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Left</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{left}</dd>
        </div>
      </dl>
      <PoolBar pool={pool} />
    </li>
  );
}

/**
 * The event's Capacity section: limits shared by several ticket types and products ("Hall: 300,
 * whatever the ticket"), each with a bar of what is sold and held.
 */
export function CapacityPoolsPanel({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const pools = useQuery(capacityPoolsQuery(eventId));
  const types = useQuery(managedTypesQuery(eventId));
  const remove = useDeleteCapacityPool(eventId);
  const [editing, setEditing] = useState<CapacityPool | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CapacityPool | null>(null);

  if (pools.isPending || types.isPending) return <Spinner label={t`Loading capacity pools`} />;
  if (pools.isError || types.isError) {
    return (
      <LoadFailed
        title={t`Capacity pools could not be loaded`}
        error={pools.error ?? types.error}
        onRetry={() => {
          void pools.refetch();
          void types.refetch();
        }}
      />
    );
  }
  const ticketTypes = types.data.ticketTypes;
  const deletingName = deleting?.name;

  return (
    <section aria-labelledby="capacity-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id="capacity-title" className="text-xl font-bold">
            <Trans>Capacity</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              A pool limits several ticket types together, on top of each type’s own limit.
            </Trans>
          </p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={ticketTypes.length === 0}>
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add capacity pool</Trans>
        </Button>
      </div>
      {pools.data.pools.length === 0 ? (
        <EmptyState icon={Users} title={t`No capacity pools yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Add one when several ticket types share a room, for example 300 people in the hall
              whatever their ticket.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {pools.data.pools.map((pool) => (
            <PoolCard
              key={pool.id}
              pool={pool}
              types={ticketTypes}
              onEdit={() => setEditing(pool)}
              onDelete={() => setDeleting(pool)}
            />
          ))}
        </ul>
      )}

      <CapacityPoolDialog
        eventId={eventId}
        pool={editing === 'new' ? null : editing}
        ticketTypes={ticketTypes}
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
        title={deletingName ? t`Delete ${deletingName}?` : t`Delete this capacity pool?`}
        description={t`Its ticket types keep their own limits and their sales.`}
        error={
          remove.isError
            ? errorMessage(remove.error, t`The capacity pool could not be deleted.`)
            : null
        }
        cancelLabel={t`Keep it`}
        confirmLabel={t`Delete capacity pool`}
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
