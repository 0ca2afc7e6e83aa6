import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { sendMessage } from '../messaging';
import { createMeeting, myMeetingsQuery } from './api';

/** The message that brings a chat's members into a room started from that chat. */
export function meetingInvite(title: string, meetingId: string, origin: string): string {
  return `Join my video meeting "${title.trim()}": ${origin}/meameet/${meetingId}`;
}

/**
 * /meameet: start a video meeting (subscribers) and see the rooms I host. From an event page
 * (`?eventId=`) the room belongs to the event; from a chat (`?chat=`) its link is posted there.
 */
export function NewMeetingPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? undefined;
  const chatId = params.get('chat') ?? undefined;
  const [title, setTitle] = useState(params.get('title') ?? '');
  const [lobby, setLobby] = useState(false);
  const [passcode, setPasscode] = useState('');
  const mine = useQuery(myMeetingsQuery);
  const create = useMutation({
    mutationFn: async () => {
      const meeting = await createMeeting({
        title,
        lobby,
        passcode: passcode || undefined,
        eventId,
      });
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
  const errors = fieldErrors(create.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const formError =
    create.error && Object.keys(errors).length === 0
      ? errorMessage(create.error, t`The meeting could not be created.`)
      : null;

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
          <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            <Field id="meeting-title" label={t`Title`} error={errors.title}>
              <Input
                id="meeting-title"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                aria-invalid={Boolean(errors.title)}
                aria-describedby={describedBy('meeting-title', { error: errors.title })}
                maxLength={120}
                required
              />
            </Field>
            <Field
              id="meeting-passcode"
              label={t`Passcode (optional)`}
              hint={t`Guests type it before joining. At least 4 characters.`}
              error={errors.passcode}
            >
              <Input
                id="meeting-passcode"
                value={passcode}
                onChange={(e) => setPasscode(e.target.value)}
                aria-invalid={Boolean(errors.passcode)}
                aria-describedby={describedBy('meeting-passcode', {
                  hint: true,
                  error: errors.passcode,
                })}
                autoComplete="off"
              />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={lobby}
                onChange={(e) => setLobby(e.target.checked)}
                className="size-4"
              />
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
          </form>
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
