import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AnnouncementInput } from '../../../contracts/notifications';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import {
  ComposeForm,
  draftResolver,
  draftToInput,
  EMPTY_DRAFT,
  SendFailure,
  showServerErrors,
  type Draft,
} from './announcement-compose';
import {
  usePreviewAnnouncement,
  useSendAnnouncement,
  type AnnouncementPreview,
  type AnnouncementResult,
} from './api';

type Step =
  | { name: 'compose' }
  | { name: 'preview'; preview: AnnouncementPreview }
  | { name: 'sent'; result: AnnouncementResult };

function PreviewStep({
  draft,
  preview,
  onBack,
  onSend,
  isPending,
  error,
}: {
  draft: Draft;
  preview: AnnouncementPreview;
  onBack: () => void;
  onSend: () => void;
  isPending: boolean;
  error: unknown;
}) {
  const hasRecipients = preview.recipients > 0;
  const { t } = useLingui();
  const recipients = preview.recipients;
  const subject = preview.subject;
  return (
    <div className="flex flex-col gap-4">
      {error ? <SendFailure error={error} /> : null}
      {hasRecipients ? (
        <Alert>
          <p>
            {draft.sendEmailNotification && draft.sendPushNotification ? (
              <Trans>
                This goes to{' '}
                <strong>
                  <Plural value={recipients} one="# attendee" other="# attendees" />
                </strong>{' '}
                by e-mail and push.
              </Trans>
            ) : draft.sendEmailNotification ? (
              <Trans>
                This goes to{' '}
                <strong>
                  <Plural value={recipients} one="# attendee" other="# attendees" />
                </strong>{' '}
                by e-mail.
              </Trans>
            ) : (
              <Trans>
                This goes to{' '}
                <strong>
                  <Plural value={recipients} one="# attendee" other="# attendees" />
                </strong>{' '}
                by push.
              </Trans>
            )}
          </p>
        </Alert>
      ) : (
        <Alert variant="destructive" title={t`Nobody to send to yet`}>
          <p>
            <Trans>No one holds a ticket to this event, so there is no one to message.</Trans>
          </p>
        </Alert>
      )}
      {draft.sendEmailNotification ? (
        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-medium">
            <Trans>
              E-mail: <span className="font-normal">{subject}</span>
            </Trans>
          </figcaption>
          {/* The server's rendering of the mail, sandboxed: no scripts, no same-origin access. */}
          <iframe
            title={t`E-mail preview`}
            sandbox=""
            srcDoc={preview.html}
            className="h-64 w-full rounded-md border border-border bg-white"
          />
        </figure>
      ) : null}
      {draft.sendPushNotification ? (
        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-medium">
            <Trans>Push notification</Trans>
          </figcaption>
          <div className="rounded-md border border-border bg-muted p-3 text-sm">
            <p className="font-semibold">{preview.push.title}</p>
            <p className="line-clamp-2 text-muted-foreground">{preview.push.body}</p>
          </div>
        </figure>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack} disabled={isPending}>
          <Trans>Back to edit</Trans>
        </Button>
        <Button onClick={onSend} disabled={isPending || !hasRecipients}>
          {isPending
            ? t`Sending...`
            : t`Send to ${plural(recipients, { one: '# attendee', other: '# attendees' })}`}
        </Button>
      </div>
    </div>
  );
}

/** How many people, e-mails and pushes an announcement reached: one sentence per language. */
function SentSummary({ recipients, emailed, pushed }: AnnouncementResult) {
  const { t } = useLingui();
  return (
    <>
      {t`Sent to ${plural(recipients, { one: '# attendee', other: '# attendees' })}: ${plural(emailed, { one: '# e-mail', other: '# e-mails' })} and ${plural(pushed, { one: '# push notification', other: '# push notifications' })}.`}
    </>
  );
}

/**
 * spec §7 send-event-notification: the organizer writes to everyone holding a ticket, by e-mail
 * and/or push, after seeing the rendered e-mail and how many people it reaches.
 */
export function MessageAttendees({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'compose' });
  const preview = usePreviewAnnouncement(eventId);
  const send = useSendAnnouncement(eventId);
  const { i18n, t } = useLingui();
  // The draft outlives the compose step (and a closed dialog): the form lives here.
  const form = useForm<Draft, unknown, AnnouncementInput>({
    defaultValues: EMPTY_DRAFT,
    resolver: draftResolver(i18n),
    // The boxes register before the text fields, so react-hook-form would focus them first:
    // ComposeForm focuses the first bad field in the form's order itself.
    shouldFocusError: false,
  });

  function showPreview(input: AnnouncementInput) {
    send.reset();
    preview.mutate(input, {
      onSuccess: (result) => setStep({ name: 'preview', preview: result }),
      onError: (error) => showServerErrors(form, error),
    });
  }

  function sendNow() {
    send.mutate(draftToInput(form.getValues()), {
      onSuccess: (result) => {
        setStep({ name: 'sent', result });
        form.reset(EMPTY_DRAFT);
      },
      onError: (error) => {
        if (showServerErrors(form, error)) setStep({ name: 'compose' });
      },
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      // A finished announcement starts the next one from scratch; a draft is kept.
      if (step.name === 'sent') setStep({ name: 'compose' });
      preview.reset();
      send.reset();
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Megaphone aria-hidden="true" className="size-4" />
        <Trans>Message attendees</Trans>
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={step.name === 'preview' ? t`Check before sending` : t`Message attendees`}
        description={
          step.name === 'compose'
            ? t`Write to everyone who holds a ticket to this event.`
            : undefined
        }
        className={step.name === 'preview' ? 'max-w-2xl' : undefined}
      >
        {step.name === 'compose' ? (
          <ComposeForm
            form={form}
            onSubmit={showPreview}
            isPending={preview.isPending}
            error={preview.error ?? send.error}
          />
        ) : step.name === 'preview' ? (
          <PreviewStep
            draft={form.getValues()}
            preview={step.preview}
            onBack={() => setStep({ name: 'compose' })}
            onSend={sendNow}
            isPending={send.isPending}
            error={send.error}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <Alert variant="success" title={t`Announcement sent`}>
              <p>
                <SentSummary {...step.result} />
              </p>
            </Alert>
            <div className="flex justify-end">
              <Button onClick={() => onOpenChange(false)}>
                <Trans>Done</Trans>
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
