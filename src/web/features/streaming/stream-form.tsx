import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  STREAM_ACCESS,
  StreamInputSchema,
  type Stream,
  type StreamAccess,
  type StreamInput,
} from '../../../contracts/streaming';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { ticketTypesQuery } from '../tickets';

// The stream's settings (create and edit). The values are the inputs' strings; the contract's
// StreamInputSchema (the one the server checks) validates them once turned into the API body.

export interface StreamFormValues {
  title: string;
  /** `datetime-local` value, in the browser's time zone. */
  scheduledStart: string;
  access: StreamAccess;
  accessCode: string;
  streamTicketTypeId: string;
  chatEnabled: boolean;
  recordingEnabled: boolean;
}

const FIELDS = [
  'title',
  'scheduledStart',
  'access',
  'accessCode',
  'streamTicketTypeId',
  'chatEnabled',
  'recordingEnabled',
] as const;

const ACCESS_LABELS: Record<StreamAccess, MessageDescriptor> = {
  ticket_holders: msg`Ticket holders of this event`,
  stream_ticket: msg`Holders of a stream ticket`,
  code: msg`Anyone with an access code`,
  public: msg`Everyone (public)`,
};

/** `2026-05-01T18:30` in local time from an ISO instant. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function streamToFormValues(stream: Stream | null): StreamFormValues {
  if (!stream) {
    // A round hour at least 30 minutes away: a sensible first guess for a new stream.
    const start = new Date(Date.now() + 90 * 60_000);
    start.setMinutes(0, 0, 0);
    return {
      title: '',
      scheduledStart: toLocalInput(start.toISOString()),
      access: 'ticket_holders',
      accessCode: '',
      streamTicketTypeId: '',
      chatEnabled: true,
      recordingEnabled: false,
    };
  }
  return {
    title: stream.title,
    scheduledStart: toLocalInput(stream.scheduledStart),
    access: stream.access,
    accessCode: stream.accessCode ?? '',
    streamTicketTypeId: stream.streamTicketTypeId ?? '',
    chatEnabled: stream.chatEnabled,
    recordingEnabled: stream.recordingEnabled,
  };
}

export function formValuesToInput(values: StreamFormValues): StreamInput {
  const start = values.scheduledStart ? new Date(values.scheduledStart) : null;
  return {
    title: values.title,
    scheduledStart: start && !Number.isNaN(start.getTime()) ? start.toISOString() : '',
    access: values.access,
    accessCode: values.access === 'code' ? values.accessCode : null,
    streamTicketTypeId:
      values.access === 'stream_ticket' ? values.streamTicketTypeId || null : null,
    chatEnabled: values.chatEnabled,
    recordingEnabled: values.recordingEnabled,
  };
}

const resolver: Resolver<StreamFormValues> = (values) => {
  const parsed = StreamInputSchema.safeParse(formValuesToInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<StreamFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof StreamFormValues;
    if (FIELDS.includes(name) && !errors[name])
      errors[name] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

export function StreamForm({
  eventId,
  stream,
  canRecord,
  submitLabel,
  onSubmit,
}: {
  eventId: string;
  stream: Stream | null;
  /** The organizer's plan includes recording (spec §6 has_recording); unknown counts as yes. */
  canRecord: boolean;
  submitLabel: string;
  onSubmit: (input: StreamInput) => Promise<unknown>;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<StreamFormValues>({ defaultValues: streamToFormValues(stream), resolver });
  const access = form.watch('access');
  const ticketTypes = useQuery({
    ...ticketTypesQuery(eventId, null, null),
    enabled: access === 'stream_ticket',
  });
  const rootError = form.formState.errors.root?.message;
  const isRecordingLocked = !canRecord && !form.getValues('recordingEnabled');

  async function submit(values: StreamFormValues) {
    try {
      await onSubmit(formValuesToInput(values));
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', { message: errorMessage(error, t`The stream could not be saved.`) });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t`Stream settings`}
    >
      {rootError ? <Alert variant="destructive">{rootError}</Alert> : null}
      <FormField<StreamFormValues> name="title" label={t`Stream title`}>
        {(control) => <Input {...control} maxLength={140} />}
      </FormField>
      <FormField<StreamFormValues>
        name="scheduledStart"
        label={t`Starts at`}
        hint={t`Viewers see a countdown until then; you can go live earlier or later.`}
      >
        {(control) => <Input {...control} type="datetime-local" />}
      </FormField>
      <FormField<StreamFormValues> name="access" label={t`Who may watch`}>
        {(control) => (
          <Select {...control}>
            {STREAM_ACCESS.map((value) => (
              <option key={value} value={value}>
                {i18n._(ACCESS_LABELS[value])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {access === 'code' ? (
        <FormField<StreamFormValues>
          name="accessCode"
          label={t`Access code`}
          hint={t`Share it with your viewers; they enter it on the stream access page.`}
        >
          {(control) => <Input {...control} autoComplete="off" maxLength={64} />}
        </FormField>
      ) : null}
      {access === 'stream_ticket' ? (
        <FormField<StreamFormValues>
          name="streamTicketTypeId"
          label={t`Stream ticket type`}
          hint={t`Buyers of this ticket type may watch online. Create one on the event's ticket page.`}
        >
          {(control) => (
            <Select {...control}>
              <option value="">{t`Choose a ticket type`}</option>
              {(ticketTypes.data?.ticketTypes ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" {...form.register('chatEnabled')} />
        <Trans>Live chat beside the video</Trans>
      </label>
      <div className="flex flex-col gap-1">
        <label
          className={`flex items-center gap-2 text-sm font-medium ${isRecordingLocked ? 'text-muted-foreground' : ''}`}
        >
          <input
            type="checkbox"
            className="size-4"
            disabled={isRecordingLocked}
            aria-describedby="recording-hint"
            {...form.register('recordingEnabled')}
          />
          <Trans>Record the stream and keep the replay</Trans>
        </label>
        <p id="recording-hint" className="text-xs text-muted-foreground">
          {canRecord
            ? t`Viewers can watch the replay on the same page after the stream ends.`
            : t`Recording needs a plan with recording. Upgrade on the pricing page to keep replays.`}
        </p>
        {form.formState.errors.recordingEnabled?.message ? (
          <p className="text-sm font-medium text-destructive">
            {form.formState.errors.recordingEnabled.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t`Saving…` : submitLabel}
      </Button>
    </Form>
  );
}
