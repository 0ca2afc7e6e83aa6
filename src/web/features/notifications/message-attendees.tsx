import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  ANNOUNCEMENTS_PER_HOUR,
} from '../../../contracts/notification-types';
import type { AnnouncementInput } from '../../../contracts/notifications';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError, errorMessage, fieldErrors } from '../../lib/api-client';
import { withPricingLink } from '../../components/pricing-link';
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

interface Draft {
  subject: string;
  message: string;
  sendEmailNotification: boolean;
  sendPushNotification: boolean;
}
type DraftErrors = Partial<Record<'subject' | 'message' | 'channels', string>>;

const EMPTY: Draft = {
  subject: '',
  message: '',
  sendEmailNotification: true,
  sendPushNotification: false,
};

/**
 * spec §5-like checks before asking the server, with the contract's own texts
 * (NOTIFICATION_MESSAGES) in the page's language.
 */
export function checkAnnouncement(draft: Draft, i18n: I18n = activeI18n): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.subject.trim()) errors.subject = i18n._(msg`Please enter a subject`);
  if (!draft.message.trim()) errors.message = i18n._(msg`Please enter a message`);
  if (!draft.sendEmailNotification && !draft.sendPushNotification)
    errors.channels = i18n._(msg`Choose push, email or both`);
  return errors;
}

function serverErrors(error: unknown): DraftErrors {
  const fields = fieldErrors(error);
  return {
    subject: fields.subject,
    message: fields.message,
    channels: fields.sendEmailNotification ?? fields.sendPushNotification,
  };
}

/** The failure of a preview or send: 429 says plainly how many announcements an hour are allowed. */
function SendFailure({ error }: { error: unknown }) {
  const { t } = useLingui();
  const perHour = ANNOUNCEMENTS_PER_HOUR;
  if (error instanceof ApiError && error.status === 429) {
    return (
      <Alert variant="destructive" title={t`Too many announcements`}>
        <p>
          <Trans>You can send up to {perHour} announcements per event each hour.</Trans>{' '}
          {errorMessage(error, t`Please try again later.`)}
        </p>
      </Alert>
    );
  }
  if (error instanceof ApiError && error.status === 422 && Object.keys(fieldErrors(error)).length)
    return null; // shown at the fields
  return (
    <Alert variant="destructive" title={t`The announcement was not sent`}>
      <p>{withPricingLink(errorMessage(error, t`Please try again.`))}</p>
    </Alert>
  );
}

function ComposeForm({
  id,
  draft,
  errors,
  onChange,
  onSubmit,
  isPending,
  error,
}: {
  id: string;
  draft: Draft;
  errors: DraftErrors;
  onChange: (patch: Partial<Draft>) => void;
  onSubmit: () => void;
  isPending: boolean;
  error: unknown;
}) {
  const { t } = useLingui();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error ? <SendFailure error={error} /> : null}
      <Field id={`${id}-subject`} label={t`Subject`} error={errors.subject}>
        <Input
          id={`${id}-subject`}
          value={draft.subject}
          maxLength={ANNOUNCEMENT_SUBJECT_MAX}
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={describedBy(`${id}-subject`, { error: errors.subject })}
          onChange={(e) => onChange({ subject: e.target.value })}
        />
      </Field>
      <Field id={`${id}-message`} label={t`Message`} error={errors.message}>
        <textarea
          id={`${id}-message`}
          rows={6}
          value={draft.message}
          maxLength={ANNOUNCEMENT_MESSAGE_MAX}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy(`${id}-message`, { error: errors.message })}
          onChange={(e) => onChange({ message: e.target.value })}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
        />
      </Field>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.channels ? `${id}-channels-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          <Trans>Send as</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={draft.sendEmailNotification}
            onChange={(e) => onChange({ sendEmailNotification: e.target.checked })}
          />
          <Trans>Email</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={draft.sendPushNotification}
            onChange={(e) => onChange({ sendPushNotification: e.target.checked })}
          />
          <Trans>Push notification</Trans>
        </label>
        {errors.channels ? (
          <p id={`${id}-channels-error`} className="text-sm font-medium text-destructive">
            {errors.channels}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={isPending}>
          {isPending ? <Trans>Preparing preview...</Trans> : <Trans>Preview</Trans>}
        </Button>
      </div>
    </form>
  );
}

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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'compose' });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const preview = usePreviewAnnouncement(eventId);
  const send = useSendAnnouncement(eventId);
  const { i18n, t } = useLingui();

  const input = (): AnnouncementInput => ({
    subject: draft.subject.trim(),
    message: draft.message.trim(),
    sendEmailNotification: draft.sendEmailNotification,
    sendPushNotification: draft.sendPushNotification,
  });

  function showPreview() {
    const found = checkAnnouncement(draft, i18n);
    setErrors(found);
    if (Object.keys(found).length) return;
    send.reset();
    preview.mutate(input(), {
      onSuccess: (result) => setStep({ name: 'preview', preview: result }),
      onError: (error) => setErrors(serverErrors(error)),
    });
  }

  function sendNow() {
    send.mutate(input(), {
      onSuccess: (result) => {
        setStep({ name: 'sent', result });
        setDraft(EMPTY);
      },
      onError: (error) => {
        const found = serverErrors(error);
        if (Object.values(found).some(Boolean)) {
          setErrors(found);
          setStep({ name: 'compose' });
        }
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
            id={id}
            draft={draft}
            errors={errors}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            onSubmit={showPreview}
            isPending={preview.isPending}
            error={preview.error ?? send.error}
          />
        ) : step.name === 'preview' ? (
          <PreviewStep
            draft={draft}
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
