import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  ANNOUNCEMENTS_PER_HOUR,
} from '../../../contracts/notification-types';
import type { AnnouncementInput } from '../../../contracts/notifications';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, renameFields, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { ApiError, errorMessage, fieldErrors } from '../../lib/api-client';
import { withPricingLink } from '../../components/pricing-link';

export interface Draft {
  subject: string;
  message: string;
  sendEmailNotification: boolean;
  sendPushNotification: boolean;
}
type DraftErrors = Partial<Record<'subject' | 'message' | 'channels', string>>;

export const EMPTY_DRAFT: Draft = {
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

export const draftToInput = (draft: Draft): AnnouncementInput => ({
  subject: draft.subject.trim(),
  message: draft.message.trim(),
  sendEmailNotification: draft.sendEmailNotification,
  sendPushNotification: draft.sendPushNotification,
});

// The channel choice is one question: its message sits on the first box (and under the group).
const FIELDS = ['subject', 'message', 'sendEmailNotification'] as const;
const RENAME = { sendPushNotification: 'sendEmailNotification' } as const;

export function draftResolver(i18n: I18n): Resolver<Draft, unknown, AnnouncementInput> {
  return (values) => {
    const found = checkAnnouncement(values, i18n);
    const errors: FieldErrors<Draft> = {};
    if (found.subject) errors.subject = { type: 'required', message: found.subject };
    if (found.message) errors.message = { type: 'required', message: found.message };
    if (found.channels)
      errors.sendEmailNotification = { type: 'channels', message: found.channels };
    return Object.keys(errors).length
      ? { values: {}, errors }
      : { values: draftToInput(values), errors: {} };
  };
}

/** Puts a refused preview or send's field messages on the draft; false when there were none. */
export function showServerErrors(
  form: UseFormReturn<Draft, unknown, AnnouncementInput>,
  error: unknown,
): boolean {
  return setServerErrors(form, renameFields(fieldErrors(error), RENAME), FIELDS);
}

/** The failure of a preview or send: 429 says plainly how many announcements an hour are allowed. */
export function SendFailure({ error }: { error: unknown }) {
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

/** The announcement's subject, message and channels; submitting asks for the preview. */
export function ComposeForm({
  form,
  onSubmit,
  isPending,
  error,
}: {
  form: UseFormReturn<Draft, unknown, AnnouncementInput>;
  onSubmit: (input: AnnouncementInput) => void;
  isPending: boolean;
  error: unknown;
}) {
  const { t } = useLingui();
  const id = useId();
  const channelsError = form.formState.errors.sendEmailNotification?.message;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => {
        const first = FIELDS.find((name) => form.getFieldState(name).error);
        if (first) form.setFocus(first);
      }}
      className="flex flex-col gap-4"
    >
      {error ? <SendFailure error={error} /> : null}
      <FormField<Draft> name="subject" label={t`Subject`}>
        {(control) => <Input {...control} maxLength={ANNOUNCEMENT_SUBJECT_MAX} />}
      </FormField>
      <FormField<Draft> name="message" label={t`Message`}>
        {(control) => (
          <textarea
            {...control}
            rows={6}
            maxLength={ANNOUNCEMENT_MESSAGE_MAX}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
          />
        )}
      </FormField>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={channelsError ? `${id}-channels-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          <Trans>Send as</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            {...form.register('sendEmailNotification')}
          />
          <Trans>Email</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            {...form.register('sendPushNotification')}
          />
          <Trans>Push notification</Trans>
        </label>
        {channelsError ? (
          <p id={`${id}-channels-error`} className="text-sm font-medium text-destructive">
            {channelsError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={isPending}>
          {isPending ? <Trans>Preparing preview...</Trans> : <Trans>Preview</Trans>}
        </Button>
      </div>
    </Form>
  );
}
