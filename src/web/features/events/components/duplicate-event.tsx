import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DuplicateEventInputSchema,
  weekLaterSchedule,
  type DuplicateEventInput,
} from '../../../../contracts/duplication';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { contractResolver, Form, FormField, setServerErrors } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useContractText } from '../../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDuplicateEvent } from '../api';
import { isoToZonedLocal, zonedLocalToIso } from '../event-time';

const FIELDS = ['startsAt', 'endsAt'] as const;
type DateValues = Record<(typeof FIELDS)[number], string>;
// The body as before: the wall times read in the event's zone, a blank end as null.
const scheduleInput = (values: DateValues, zone: string): DuplicateEventInput => ({
  startsAt: zonedLocalToIso(values.startsAt, zone) ?? '',
  endsAt: values.endsAt ? zonedLocalToIso(values.endsAt, zone) : null,
});

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
  const say = useContractText();
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent();
  const zone = event.timezone;
  const [defaults] = useState((): DateValues => {
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
  // The contract's checks (a start, an end after it) run before any request.
  const form = useForm<DateValues>({
    defaultValues: defaults,
    resolver: contractResolver<DateValues>(
      DuplicateEventInputSchema,
      (values) => scheduleInput(values, zone),
      FIELDS,
    ),
  });
  const failure = form.formState.errors.root?.message;
  const hasStart = Boolean(form.watch('startsAt'));

  async function submit(values: DateValues) {
    try {
      const copy = await duplicate.mutateAsync({ id: event.id, ...scheduleInput(values, zone) });
      toast.success(t`Draft copy created: check it, then publish it.`);
      onClose();
      void navigate(paths.event(copy.id));
    } catch (error) {
      // The server's startsAt/endsAt refusals land on their fields; any other shows as an alert.
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The event could not be duplicated.`),
        });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Duplicate event`}
      description={t`A draft copy with the ticket types, discount codes and settings, without any sales. Ticket sales dates move with the event.`}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField<DateValues>
          name="startsAt"
          label={t`Starts`}
          hint={t`In the event's time zone (${zone}).`}
          formatError={say}
        >
          {(control) => <Input {...control} type="datetime-local" required />}
        </FormField>
        <FormField<DateValues> name="endsAt" label={t`Ends (optional)`} formatError={say}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={duplicate.isPending || !hasStart}>
            <Trans>Create draft copy</Trans>
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
