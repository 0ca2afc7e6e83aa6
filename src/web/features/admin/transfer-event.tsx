import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminEvent, AdminUserPage } from '../../../contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { apiGet, errorMessage } from '../../lib/api-client';
import { adminKeys, queryString, useTransferEvent } from './api';

const OWNER_TYPES: { value: 'organizer' | 'venue'; label: MessageDescriptor }[] = [
  { value: 'organizer', label: msg`Organizers` },
  { value: 'venue', label: msg`Venues` },
];

/**
 * Transfer an event to another organizer or venue from /admin/events (admins). Both owners are
 * notified; ticket holders keep their tickets and hear nothing (the event did not change).
 */
export function TransferEventButton({ event }: { event: AdminEvent }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const title = event.title;
  const owner = event.organizer.email;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'organizer' | 'venue'>('organizer');
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  const transfer = useTransferEvent();
  const text = search.trim();
  const qs = queryString({ q: text, type, pageSize: 6, sort: 'name', dir: 'asc' });
  const candidates = useQuery({
    queryKey: adminKeys.ownerCandidates(qs),
    queryFn: ({ signal }) => apiGet<AdminUserPage>(`/api/admin/users${qs}`, { signal }),
    enabled: open && text.length > 0,
    placeholderData: keepPreviousData,
  });
  const rows = (text.length > 0 ? (candidates.data?.rows ?? []) : []).filter(
    (user) => user.id !== event.organizer.id && !user.suspended,
  );
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t`Transfer ${title}`}
        onClick={() => {
          transfer.reset();
          setChosen('');
          setOpen(true);
        }}
      >
        <Trans>Transfer</Trans>
      </Button>
      {open ? (
        <Dialog
          open
          onOpenChange={setOpen}
          title={t`Transfer ${title}`}
          description={t`Now owned by ${owner}. The new owner manages it from now on; both are notified and ticket holders keep their tickets.`}
        >
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!chosen) return;
              transfer.mutate(
                { eventId: event.id, toUserId: chosen, reason },
                { onSuccess: () => setOpen(false) },
              );
            }}
          >
            <fieldset className="flex flex-wrap gap-4">
              <legend className="mb-1 text-sm font-medium">
                <Trans>Give it to</Trans>
              </legend>
              {OWNER_TYPES.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={option.value}
                    checked={type === option.value}
                    onChange={() => {
                      setType(option.value);
                      setChosen('');
                    }}
                  />
                  {i18n._(option.label)}
                </label>
              ))}
            </fieldset>
            <Field id={`${id}-search`} label={t`Find the new owner by name or email`}>
              <Input
                id={`${id}-search`}
                type="search"
                value={search}
                autoComplete="off"
                onChange={(e) => {
                  setSearch(e.target.value);
                  setChosen('');
                }}
              />
            </Field>
            {text.length > 0 ? (
              rows.length ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">
                    <Trans>New owner</Trans>
                  </legend>
                  {rows.map((user) => (
                    <label key={user.id} className="flex items-start gap-2 text-sm break-all">
                      <input
                        type="radio"
                        name={`${id}-owner`}
                        value={user.id}
                        checked={chosen === user.id}
                        onChange={() => setChosen(user.id)}
                        className="mt-1"
                      />
                      <span>
                        <span className="font-medium">{user.fullName}</span> · {user.email}
                      </span>
                    </label>
                  ))}
                </fieldset>
              ) : candidates.isFetching ? null : (
                <p className="text-sm text-muted-foreground">
                  <Trans>No one matches.</Trans>
                </p>
              )
            ) : null}
            <Field id={`${id}-reason`} label={t`Reason told to both owners (optional)`}>
              <Input
                id={`${id}-reason`}
                maxLength={300}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            {transfer.error ? (
              <Alert
                variant="destructive"
                title={errorMessage(transfer.error, t`Could not transfer the event`)}
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setOpen(false)}>
                <Trans>Keep owner</Trans>
              </Button>
              <Button type="submit" disabled={!chosen || transfer.isPending}>
                <Trans>Transfer event</Trans>
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
