import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { AccessCode, AccessCodeState } from '../../../contracts/access-codes';
import { PageBody } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { EventManageFrame, managedTypesQuery } from '../ticket-admin';
import { AccessCodeEditor } from './access-code-editor';
import { ACCESS_CODES_TAB } from './manage-tab';
import {
  accessCodesCsvUrl,
  accessCodesQuery,
  useDeleteAccessCode,
  useUpdateAccessCode,
} from './api';

const STATES: Record<
  AccessCodeState,
  { label: MessageDescriptor; variant: 'success' | 'outline' }
> = {
  active: { label: msg`Active`, variant: 'success' },
  inactive: { label: msg`Inactive`, variant: 'outline' },
  expired: { label: msg`Expired`, variant: 'outline' },
  used_up: { label: msg`Used up`, variant: 'outline' },
};

/** Not in spec §2: event/{eventId}/access-codes (owner or admin), decision 053. */
export function AccessCodesPage() {
  const { i18n } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={i18n._(ACCESS_CODES_TAB)} permission="event.edit">
        {() => <AccessCodesManager eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}

function AccessCodesManager({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const types = useQuery(managedTypesQuery(eventId));
  const codes = useQuery(accessCodesQuery(eventId));
  const update = useUpdateAccessCode(eventId);
  const remove = useDeleteAccessCode(eventId);
  const [deleting, setDeleting] = useState<AccessCode | null>(null);

  if (types.isPending) return <Spinner label={t`Loading access codes`} />;
  if (types.isError)
    return (
      <LoadFailed
        title={t`Ticket types could not be loaded`}
        error={types.error}
        onRetry={() => void types.refetch()}
      />
    );
  const names = new Map(types.data.ticketTypes.map((type) => [type.id, type.name]));
  const hidden = types.data.ticketTypes.filter((type) => type.isHidden);

  let list;
  if (codes.isPending) list = <Spinner label={t`Loading access codes`} />;
  else if (codes.isError)
    list = (
      <LoadFailed
        title={t`Access codes could not be loaded`}
        error={codes.error}
        onRetry={() => void codes.refetch()}
      />
    );
  else if (codes.data.accessCodes.length === 0)
    list = (
      <EmptyState icon={KeyRound} title={t`No access codes yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Create codes above and send them, or their links, to your guests.</Trans>
        </p>
      </EmptyState>
    );
  else
    list = (
      <ul className="flex flex-col gap-2" aria-label={t`Access codes`}>
        {codes.data.accessCodes.map((c) => {
          const code = c.code;
          const state = STATES[c.state];
          const usage = `${c.usedCount}/${c.usageLimit ?? '∞'}`;
          const reveals = c.ticketTypeIds.map((id) => names.get(id) ?? '').join(', ');
          const expires = c.validUntil ? formatDateTime(c.validUntil) : null;
          return (
            <li
              key={c.id}
              className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-lg font-bold break-all">{code}</span>
                  <Badge variant={state.variant}>{i18n._(state.label)}</Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  <Trans>Reveals: {reveals}</Trans>
                  {expires ? (
                    <>
                      {' · '}
                      <Trans>Expires {expires}</Trans>
                    </>
                  ) : null}
                </p>
                <p className="text-sm">
                  <Trans>
                    Used <span className="font-semibold tabular-nums">{usage}</span>
                  </Trans>
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={update.isPending}
                  aria-label={c.isActive ? t`Deactivate ${code}` : t`Activate ${code}`}
                  onClick={() =>
                    update.mutate(
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
  const deletingCode = deleting?.code;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted-foreground">
        <Trans>
          An access code shows hidden ticket types to the people who have it, on the event page or
          through its link. Discount codes stay separate: a buyer can use both in one order.
        </Trans>
      </p>
      {hidden.length ? (
        <AccessCodeEditor eventId={eventId} hiddenTypes={hidden} />
      ) : (
        <EmptyState icon={KeyRound} title={t`No hidden ticket types`}>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Hide a ticket type first (Hidden, on the Tickets page); access codes reveal hidden
              types.
            </Trans>
          </p>
          <Link to={paths.eventTickets(eventId)} className={buttonClasses({ variant: 'outline' })}>
            <Trans>Go to tickets</Trans>
          </Link>
        </EmptyState>
      )}
      <section aria-labelledby="access-codes-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="access-codes-title" className="text-lg font-semibold">
            <Trans>Codes</Trans>
          </h2>
          {codes.data?.accessCodes.length ? (
            <a
              href={accessCodesCsvUrl(eventId)}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              <Trans>Download all (CSV)</Trans>
            </a>
          ) : null}
        </div>
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
        description={t`Nobody will be able to use it again.`}
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
