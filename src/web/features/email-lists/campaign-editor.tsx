import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { useController, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { lazyPage } from '../../app/lazy-page';
import {
  CampaignInputSchema,
  type Campaign,
  type CampaignInput,
  type EmailList,
} from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  CheckboxGroupField,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { myEventsQuery } from '../events';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { withPricingLink } from '../../components/pricing-link';
import { useCampaignAction, useSaveCampaign } from './api';
import { CampaignReport } from './campaign-report';
import { useContractText } from '../../i18n/contract-text';
import { draftOf, segmentOf, SegmentEditor, type SegmentDraft } from './segment-editor';

// tiptap is heavy: only a person writing a campaign downloads it.
const RichEditor = lazyPage(() => import('./rich-editor').then((m) => m.default));

interface Values {
  subject: string;
  preheader: string;
  fromName: string;
  bodyHtml: string;
  listIds: string[];
  trackOpens: boolean;
  eventId: string;
  segment: SegmentDraft;
  scheduledAt: string;
}
// In reading order: the first bad one is focused.
const FIELDS = [
  'subject',
  'preheader',
  'fromName',
  'eventId',
  'listIds',
  'segment',
  'bodyHtml',
] as const;
type Name = (typeof FIELDS)[number];

const toInput = (values: Values): CampaignInput => ({
  subject: values.subject,
  preheader: values.preheader,
  fromName: values.fromName,
  bodyHtml: values.bodyHtml,
  listIds: values.listIds,
  trackOpens: values.trackOpens,
  trackClicks: true,
  eventId: values.eventId || null,
  segment: segmentOf(values.segment),
});

/**
 * The contract's checks of the body the save sends. A segment's problems are one field of the
 * form (focused as a whole) whose `types` keep each condition's message under its full path
 * (`segment.conditions.0.value`), where the segment editor shows it.
 */
const resolver: Resolver<Values> = (values) => {
  const parsed = CampaignInputSchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string; types?: Record<string, string> }> =
    {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]) as Name;
    if (!FIELDS.includes(name)) continue;
    errors[name] ??= { type: issue.code, message: issue.message };
    if (name === 'segment') {
      const entry = errors.segment as { types?: Record<string, string> };
      entry.types = { [issue.path.join('.')]: issue.message, ...entry.types };
    }
  }
  // A problem the form has no field for still stops the save, on the first field.
  if (!Object.keys(errors).length)
    errors.subject = { type: 'custom', message: parsed.error.issues[0]?.message ?? '' };
  return { values: {}, errors: errors as FieldErrors<Values> };
};

/**
 * One campaign: a draft's subject, sender, body, lists, segment and event, saved, tested,
 * scheduled or sent; a campaign past its draft is read only, with its pause and cancel.
 */
export function CampaignEditor({
  campaign,
  lists,
  onClose,
}: {
  campaign: Campaign | null;
  lists: EmailList[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const say = useContractText();
  const id = useId();
  const editable = !campaign || campaign.status === 'draft';
  // A new campaign starts with a greeting in the organizer's language, the merge field as is.
  const firstName = '{{first_name}}';
  const form = useForm<Values>({
    defaultValues: {
      subject: campaign?.subject ?? '',
      preheader: campaign?.preheader ?? '',
      fromName: campaign?.fromName ?? '',
      bodyHtml: campaign?.bodyHtml ?? `<p>${t`Hi ${firstName},`}</p><p></p>`,
      listIds: campaign?.listIds ?? [],
      trackOpens: campaign?.trackOpens ?? false,
      eventId: campaign?.eventId ?? '',
      segment: draftOf(campaign?.segment),
      scheduledAt: '',
    },
    resolver,
  });
  const [eventId, scheduledAt, listIds] = useWatch({
    control: form.control,
    name: ['eventId', 'scheduledAt', 'listIds'],
  });
  const events = useQuery({ ...myEventsQuery, enabled: editable });
  const [savedId, setSavedId] = useState(campaign?.id);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveCampaign();
  const action = useCampaignAction();
  const busy = save.isPending || action.isPending;
  const error = save.error ?? action.error;
  // Merge fields are typed as they are in every language: shown as values, not translated.
  const mergeFields = '{{name}}, {{first_name}}, {{email}}, {{attr.COLUMN}}';
  const eventFields = '{{event.title}}, {{event.date}}, {{event.location}}, {{event.url}}';
  const eventPattern = '{{event.*}}';
  const mergeFieldsHint = t`Merge fields: ${mergeFields}; with an event: ${eventFields}`;
  const eventLabel = t`Event (fills the ${eventPattern} fields)`;
  const listLabel = (l: EmailList) => {
    const listName = l.name;
    const subscribed = l.counts.subscribed;
    return t`${listName} (${plural(subscribed, { one: '# subscribed', other: '# subscribed' })})`;
  };

  async function persist(values: Values) {
    const saved = await save.mutateAsync({ id: savedId, input: toInput(values) });
    setSavedId(saved.id);
    return saved.id;
  }

  async function run(kind: 'save' | 'test' | 'send', values: Values) {
    setNotice(null);
    try {
      const cid = editable ? await persist(values) : (savedId as string);
      if (kind === 'save') setNotice(t`Draft saved.`);
      if (kind === 'test') {
        const result = (await action.mutateAsync({ id: cid, action: 'test' })) as { to: string };
        const address = result.to;
        setNotice(t`A test was sent to ${address}.`);
      }
      if (kind === 'send') {
        await action.mutateAsync({
          id: cid,
          action: 'send',
          scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : undefined,
        });
        onClose();
      }
    } catch (failure) {
      // The alert below shows the mutation's error; a refused field is marked as well.
      setServerErrors(form, renameFields(fieldErrors(failure), {}), FIELDS);
    }
  }
  // Save, test and send each check the draft first, as the server will.
  const submitAs = (kind: 'save' | 'test' | 'send') =>
    form.handleSubmit((values) => run(kind, values));

  return (
    <Form form={form} onSubmit={(values) => run('save', values)} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">
        {campaign ? <Trans>Campaign</Trans> : <Trans>New campaign</Trans>}
      </h2>
      {error ? (
        <Alert variant="destructive">
          {withPricingLink(errorMessage(error, t`Could not save the campaign`))}
        </Alert>
      ) : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <FormField<Values> name="subject" label={t`Subject`} hint={mergeFieldsHint} formatError={say}>
        {(control) => <Input {...control} maxLength={200} disabled={!editable} />}
      </FormField>
      <FormField<Values> name="preheader" label={t`Preheader (the preview line)`} formatError={say}>
        {(control) => <Input {...control} maxLength={200} disabled={!editable} />}
      </FormField>
      <FormField<Values> name="fromName" label={t`From name`} formatError={say}>
        {(control) => <Input {...control} maxLength={100} disabled={!editable} />}
      </FormField>
      <FormField<Values> name="eventId" label={eventLabel} formatError={say}>
        {(control) => (
          <Select {...control} disabled={!editable}>
            <option value="">{t`None`}</option>
            {events.data?.events.map((ev) => (
              <option key={ev.id} value={ev.id}>
                {ev.title}
              </option>
            ))}
            {eventId && !events.data?.events.some((ev) => ev.id === eventId) ? (
              <option value={eventId}>{t`The chosen event`}</option>
            ) : null}
          </Select>
        )}
      </FormField>
      <CheckboxGroupField<Values>
        name="listIds"
        legend={<Trans>Send to</Trans>}
        choices={lists.map((l) => ({ value: l.id, label: listLabel(l) }))}
        disabled={!editable}
        formatError={say}
      >
        {lists.length === 0 ? (
          <p className="text-sm">
            <Trans>Create a list first.</Trans>
          </p>
        ) : null}
      </CheckboxGroupField>
      <SegmentField listIds={listIds} disabled={!editable} serverErrors={fieldErrors(save.error)} />
      <MessageField
        id={id}
        editable={editable}
        bodyText={campaign?.bodyText}
        loading={t`Loading the editor`}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('trackOpens')} disabled={!editable} />
        <Trans>
          Count opens (a tracking image; many mail programs block it, so opens are a lower bound)
        </Trans>
      </label>
      {editable ? (
        <FormField<Values> name="scheduledAt" label={t`Schedule (leave empty to send now)`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
      ) : null}
      {campaign && !editable ? <CampaignReport campaign={campaign} /> : null}
      <div className="flex flex-wrap gap-2">
        {editable ? (
          <>
            <Button type="submit" variant="outline" disabled={busy}>
              <Trans>Save draft</Trans>
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => void submitAs('test')()}
            >
              <Trans>Send a test to me</Trans>
            </Button>
            <Button type="button" disabled={busy} onClick={() => void submitAs('send')()}>
              {scheduledAt ? <Trans>Schedule</Trans> : <Trans>Send now</Trans>}
            </Button>
          </>
        ) : null}
        {campaign && ['sending', 'scheduled'].includes(campaign.status) ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void action.mutateAsync({ id: campaign.id, action: 'pause' }).then(onClose)
            }
          >
            <Trans>Pause</Trans>
          </Button>
        ) : null}
        {campaign?.status === 'paused' ? (
          <Button
            type="button"
            disabled={busy}
            onClick={() =>
              void action.mutateAsync({ id: campaign.id, action: 'send' }).then(onClose)
            }
          >
            <Trans>Resume</Trans>
          </Button>
        ) : null}
        {campaign && ['sending', 'scheduled', 'paused'].includes(campaign.status) ? (
          <Button
            type="button"
            variant="destructive"
            disabled={busy}
            onClick={() =>
              void action.mutateAsync({ id: campaign.id, action: 'cancel' }).then(onClose)
            }
          >
            <Trans>Cancel sending</Trans>
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onClose}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </Form>
  );
}

/**
 * The segment: one field of the form; its conditions' messages (the client's check, or the
 * server's refusal) show on their rows, under their full paths.
 */
function SegmentField({
  listIds,
  disabled,
  serverErrors,
}: {
  listIds: string[];
  disabled: boolean;
  serverErrors: Record<string, string>;
}) {
  const { field, fieldState } = useController<Values, 'segment'>({ name: 'segment' });
  const checked = (fieldState.error?.types ?? {}) as Record<string, string>;
  return (
    <div
      // Focus goes to the first marked condition once the messages are on screen.
      ref={(element) =>
        field.ref(
          element && {
            focus: () =>
              requestAnimationFrame(() =>
                (element.querySelector<HTMLElement>('[aria-invalid="true"]') ?? element).focus(),
              ),
          },
        )
      }
      tabIndex={-1}
    >
      <SegmentEditor
        value={field.value}
        onChange={field.onChange}
        listIds={listIds}
        disabled={disabled}
        errors={{ ...serverErrors, ...checked }}
      />
    </div>
  );
}

/** The message: the rich editor while a draft, the sent text after. */
function MessageField({
  id,
  editable,
  bodyText,
  loading,
}: {
  id: string;
  editable: boolean;
  bodyText: string | undefined;
  loading: string;
}) {
  const say = useContractText();
  const { field, fieldState } = useController<Values, 'bodyHtml'>({ name: 'bodyHtml' });
  const error = fieldState.error?.message;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-body-label`} className="text-sm font-medium">
        <Trans>Message</Trans>
      </span>
      {editable ? (
        <Suspense fallback={<Spinner label={loading} />}>
          <RichEditor
            id={`${id}-body`}
            value={field.value}
            onChange={field.onChange}
            labelledBy={`${id}-body-label`}
          />
        </Suspense>
      ) : (
        <div
          className="rounded-md border border-border p-3 text-sm"
          aria-labelledby={`${id}-body-label`}
        >
          <pre className="whitespace-pre-wrap font-sans">{bodyText}</pre>
        </div>
      )}
      {error ? <p className="text-sm font-medium text-destructive">{say(error)}</p> : null}
    </div>
  );
}
