import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { AdminEvent } from '../../../contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { useCancelEvent } from './api';

/** Cancel an event from /admin/events (admins): its ticket holders are notified with the reason. */
export function CancelEventButton({ event }: { event: AdminEvent }) {
  const { t } = useLingui();
  const id = useId();
  const title = event.title;
  const sold = event.ticketsSold;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelEvent();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive"
        aria-label={t`Cancel ${title}`}
        onClick={() => {
          cancel.reset();
          setOpen(true);
        }}
      >
        {t({ message: 'Cancel', context: 'event' })}
      </Button>
      {open ? (
        <Dialog
          open
          onOpenChange={setOpen}
          title={t`Cancel ${title}?`}
          description={t`${plural(sold, {
            one: 'The event is called off and its ticket holders (# ticket sold) are notified. Refund their orders from Orders.',
            other:
              'The event is called off and its ticket holders (# tickets sold) are notified. Refund their orders from Orders.',
          })}`}
        >
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              cancel.mutate({ eventId: event.id, reason }, { onSuccess: () => setOpen(false) });
            }}
          >
            <Field id={`${id}-reason`} label={t`Reason told to ticket holders (optional)`}>
              <Input
                id={`${id}-reason`}
                maxLength={300}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            {cancel.error ? (
              <Alert
                variant="destructive"
                title={errorMessage(cancel.error, t`Could not cancel`)}
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setOpen(false)}>
                <Trans>Keep event</Trans>
              </Button>
              <Button type="submit" variant="destructive" disabled={cancel.isPending}>
                <Trans>Cancel event</Trans>
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
