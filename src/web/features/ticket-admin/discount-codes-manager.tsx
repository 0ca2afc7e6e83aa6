import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BadgePercent, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { DiscountCode } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { currentIntlLocale } from '../../lib/intl-locale';
import { formatMoney } from '../../lib/money';
import {
  discountCodesQuery,
  managedTypesQuery,
  useDeleteDiscountCode,
  useSetDiscountCodeActive,
} from './api';
import { DiscountCodeForm } from './discount-code-form';
import { formatDate } from '../../lib/dates';

function describeAmount(code: DiscountCode, currency: string, i18n: I18n) {
  if (code.kind === 'percent') {
    const percent = new Intl.NumberFormat(currentIntlLocale(), { style: 'percent' }).format(
      code.amount / 100,
    );
    return i18n._(msg`${percent} off`);
  }
  const amount = formatMoney(code.amount, currency);
  return i18n._(msg`${amount} off`);
}

/** "Used 3/10", or "Used 3/∞" without a limit. */
function UsedCount({ used, limit }: { used: number; limit: number | null }) {
  const usage = `${used}/${limit ?? '∞'}`;
  return (
    <p className="text-sm">
      <Trans>
        Used <span className="font-semibold tabular-nums">{usage}</span>
      </Trans>
    </p>
  );
}

/** spec §2 event/{eventId}/discount-codes: list with usage, create, deactivate, delete. */
export function DiscountCodesManager({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const query = useQuery(discountCodesQuery(eventId));
  const types = useQuery(managedTypesQuery(eventId));
  const setActive = useSetDiscountCodeActive(eventId);
  const remove = useDeleteDiscountCode(eventId);
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const currency = types.data?.ticketTypes[0]?.currency ?? 'USD';
  const deletingCode = deleting?.code;
  const typeName = (id: string | null) =>
    id
      ? (types.data?.ticketTypes.find((type) => type.id === id)?.name ?? t`One ticket type`)
      : t`All tickets`;
  const untilLabel = (iso: string) => {
    const until = formatDate(iso);
    return t`until ${until}`;
  };

  let list;
  if (query.isPending) list = <Spinner label={t`Loading discount codes`} />;
  else if (query.isError)
    list = (
      <LoadFailed
        title={t`Discount codes could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.discountCodes.length === 0)
    list = (
      <EmptyState icon={BadgePercent} title={t`No discount codes yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Create a code above and share it with your guests.</Trans>
        </p>
      </EmptyState>
    );
  else
    list = (
      <ul className="flex flex-col gap-2">
        {query.data.discountCodes.map((c) => {
          const code = c.code;
          return (
            <li
              key={c.id}
              className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-lg font-bold">{c.code}</span>
                  <Badge variant={c.isActive ? 'success' : 'outline'}>
                    {c.isActive ? t`Active` : t`Inactive`}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  {describeAmount(c, currency, i18n)} · {typeName(c.ticketTypeId)}
                  {c.validUntil ? ` · ${untilLabel(c.validUntil)}` : ''}
                </p>
                <p className="text-sm">
                  <UsedCount used={c.usedCount} limit={c.usageLimit} />
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={setActive.isPending}
                  aria-label={c.isActive ? t`Deactivate ${code}` : t`Activate ${code}`}
                  onClick={() =>
                    setActive.mutate(
                      { id: c.id, isActive: !c.isActive },
                      {
                        onError: (error) =>
                          toast.error(errorMessage(error, t`The code could not be changed.`)),
                      },
                    )
                  }
                >
                  {c.isActive ? t`Deactivate` : t`Activate`}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t`Delete ${code}`}
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <Trans>Delete</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="flex flex-col gap-6">
      <DiscountCodeForm eventId={eventId} currency={currency} />
      <section aria-labelledby="codes-title" className="flex flex-col gap-3">
        <h2 id="codes-title" className="text-lg font-semibold">
          <Trans>Codes</Trans>
        </h2>
        {list}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={deletingCode ? t`Delete ${deletingCode}?` : t`Delete this code?`}
        description={t`Buyers will no longer be able to use it. Orders that used it keep their discount.`}
        error={
          remove.isError ? errorMessage(remove.error, t`The code could not be deleted.`) : null
        }
        cancelLabel={t`Keep code`}
        confirmLabel={t`Delete code`}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              const deletedCode = deleting.code;
              toast.success(t`Code ${deletedCode} deleted`);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
