import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { weekLaterSchedule } from '../../../../contracts/duplication';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDuplicateEvent } from '../api';
import { isoToZonedLocal, zonedLocalToIso } from '../event-time';

interface Source {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  date: string;
  time: string;
  timezone: string;
}

/**
 * "Duplicate event": asks the copy's dates (a week later by default, at the same time in the
 * event's zone) and makes a draft with the event's ticket types and settings, then opens it.
 */
export function DuplicateEventButton({ event }: { event: Source }) {
  const [open, setOpen] = useState(false);
  const title = event.title;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Copy aria-hidden="true" className="size-4" />
        <Trans>
          Duplicate<span className="sr-only"> {title}</span>
        </Trans>
      </Button>
      {open ? <DuplicateDialog event={event} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DuplicateDialog({ event, onClose }: { event: Source; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent();
  const zone = event.timezone;
  const [start, setStart] = useState(() => {
    const next = weekLaterSchedule({
      startsAt: new Date(event.startsAt),
      endsAt: event.endsAt ? new Date(event.endsAt) : null,
      date: event.date,
      time: event.time,
      timezone: zone,
    });
    return {
      startsAt: isoToZonedLocal(next.startsAt.toISOString(), zone),
      endsAt: next.endsAt ? isoToZonedLocal(next.endsAt.toISOString(), zone) : '',
    };
  });
  const errors = fieldErrors(duplicate.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    duplicate.mutate(
      {
        id: event.id,
        startsAt: zonedLocalToIso(start.startsAt, zone) ?? '',
        endsAt: start.endsAt ? zonedLocalToIso(start.endsAt, zone) : null,
      },
      {
        onSuccess: (copy) => {
          toast.success(t`Draft copy created: check it, then publish it.`);
          onClose();
          void navigate(paths.event(copy.id));
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Duplicate event`}
      description={t`A draft copy with the ticket types, discount codes and settings, without any sales. Ticket sales dates move with the event.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          id={`${id}-start`}
          label={t`Starts`}
          hint={t`In the event's time zone (${zone}).`}
          error={errors.startsAt}
        >
          <Input
            id={`${id}-start`}
            type="datetime-local"
            required
            value={start.startsAt}
            onChange={(e) => setStart((s) => ({ ...s, startsAt: e.target.value }))}
            aria-invalid={errors.startsAt ? true : undefined}
            aria-describedby={describedBy(`${id}-start`, { hint: true, error: errors.startsAt })}
          />
        </Field>
        <Field id={`${id}-end`} label={t`Ends (optional)`} error={errors.endsAt}>
          <Input
            id={`${id}-end`}
            type="datetime-local"
            value={start.endsAt}
            onChange={(e) => setStart((s) => ({ ...s, endsAt: e.target.value }))}
            aria-invalid={errors.endsAt ? true : undefined}
            aria-describedby={describedBy(`${id}-end`, { error: errors.endsAt })}
          />
        </Field>
        {duplicate.isError && !errors.startsAt && !errors.endsAt ? (
          <Alert variant="destructive">
            {errorMessage(duplicate.error, t`The event could not be duplicated.`)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={duplicate.isPending || !start.startsAt}>
            <Trans>Create draft copy</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
