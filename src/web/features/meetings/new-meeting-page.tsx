import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { MeetingInputSchema, type MeetingInput } from '../../../contracts/meetings';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { sendMessage } from '../messaging';
import { createMeeting, myMeetingsQuery } from './api';

/** The message that brings a chat's members into a room started from that chat. */
export function meetingInvite(title: string, meetingId: string, origin: string): string {
  return `Join my video meeting "${title.trim()}": ${origin}/meameet/${meetingId}`;
}

interface MeetingFormValues {
  title: string;
  passcode: string;
  lobby: boolean;
}

const FIELDS = ['title', 'passcode', 'lobby'] as const;

const toInput = (values: MeetingFormValues, eventId?: string): MeetingInput => ({
  title: values.title,
  lobby: values.lobby,
  passcode: values.passcode || undefined,
  eventId,
});

// The contract the server checks, on the form's fields (the event comes from the address and is
// checked by the server).
const resolver: Resolver<MeetingFormValues> = (values) => {
  const parsed = MeetingInputSchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<MeetingFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof MeetingFormValues;
    if (FIELDS.includes(name) && !errors[name])
      errors[name] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * /meameet: start a video meeting (subscribers) and see the rooms I host. From an event page
 * (`?eventId=`) the room belongs to the event; from a chat (`?chat=`) its link is posted there.
 */
export function NewMeetingPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? undefined;
  const chatId = params.get('chat') ?? undefined;
  const form = useForm<MeetingFormValues>({
    defaultValues: { title: params.get('title') ?? '', passcode: '', lobby: false },
    resolver,
  });
  const mine = useQuery(myMeetingsQuery);
  const create = useMutation({
    mutationFn: async (values: MeetingFormValues) => {
      const meeting = await createMeeting(toInput(values, eventId));
      if (chatId)
        // The room works without the post (its link can be shared from the room), so a chat that
        // refuses it (blocked, left) does not keep the host out of their own meeting.
        await sendMessage(chatId, {
          body: meetingInvite(meeting.title, meeting.id, window.location.origin),
          clientId: `meeting-${meeting.id}`,
        }).catch(() => undefined);
      return meeting;
    },
    // A full page load: the server allows camera and microphone on the room's document only.
    onSuccess: (meeting) => window.location.assign(`/meameet/${meeting.id}`),
  });
  async function submit(values: MeetingFormValues) {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The meeting could not be created.`),
        });
    }
  }
  const formError = form.formState.errors.root?.message;

  return (
    <PageBody narrow>
      <PageHeader
        title={t`New meeting`}
        description={
          chatId
            ? t`A video room in your browser for up to 6 people. Its link is posted in the conversation you came from.`
            : t`A video room in your browser for up to 6 people. Share the link to invite them.`
        }
      />
      <Card>
        <CardContent className="pt-6">
          <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
            <FormField<MeetingFormValues> name="title" label={t`Title`}>
              {(control) => <Input {...control} maxLength={120} required />}
            </FormField>
            <FormField<MeetingFormValues>
              name="passcode"
              label={t`Passcode (optional)`}
              hint={t`Guests type it before joining. At least 4 characters.`}
            >
              {(control) => <Input {...control} autoComplete="off" />}
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" {...form.register('lobby')} />
              <Trans>Lobby: I admit each guest myself</Trans>
            </label>
            {formError ? (
              <Alert variant="destructive">
                <p>{formError}</p>
                {/pricing/i.test(formError) ? (
                  <Link to="/pricing" className="font-semibold underline">
                    <Trans>See plans</Trans>
                  </Link>
                ) : null}
              </Alert>
            ) : null}
            <div>
              <Button type="submit" disabled={create.isPending}>
                <Video aria-hidden="true" className="size-4" />
                {create.isPending ? t`Creating…` : t`Create meeting`}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      {mine.data?.items.length ? (
        <section className="mt-10" aria-labelledby="my-meetings">
          <h2 id="my-meetings" className="mb-3 text-xl font-bold">
            <Trans>Rooms I host</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {mine.data.items.map((m) => (
              <li
                key={m.id}
                className="flex items-center justify-between gap-3 rounded-md border border-border px-4 py-3"
              >
                <span className="min-w-0 truncate font-medium">{m.title}</span>
                {m.endedAt ? (
                  <span className="text-sm text-muted-foreground">
                    <Trans>Ended</Trans>
                  </span>
                ) : (
                  <Link
                    to={`/meameet/${m.id}`}
                    className="text-sm font-semibold text-primary underline"
                  >
                    <Trans>Open</Trans>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageBody>
  );
}
