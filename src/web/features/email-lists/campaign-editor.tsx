import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { lazyPage } from '../../app/lazy-page';
import type { Campaign, EmailList } from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { myEventsQuery } from '../events';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { withPricingLink } from '../../components/pricing-link';
import { useCampaignAction, useSaveCampaign } from './api';
import { CampaignReport } from './campaign-report';
import { draftOf, segmentOf, SegmentEditor } from './segment-editor';

// tiptap is heavy: only a person writing a campaign downloads it.
const RichEditor = lazyPage(() => import('./rich-editor').then((m) => m.default));

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
  const id = useId();
  const editable = !campaign || campaign.status === 'draft';
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [preheader, setPreheader] = useState(campaign?.preheader ?? '');
  const [fromName, setFromName] = useState(campaign?.fromName ?? '');
  const [bodyHtml, setBodyHtml] = useState(() => {
    // A new campaign starts with a greeting in the organizer's language, the merge field as is.
    const firstName = '{{first_name}}';
    return campaign?.bodyHtml ?? `<p>${t`Hi ${firstName},`}</p><p></p>`;
  });
  const [listIds, setListIds] = useState<string[]>(campaign?.listIds ?? []);
  const [trackOpens, setTrackOpens] = useState(campaign?.trackOpens ?? false);
  const [eventId, setEventId] = useState(campaign?.eventId ?? '');
  const [segment, setSegment] = useState(() => draftOf(campaign?.segment));
  const events = useQuery({ ...myEventsQuery, enabled: editable });
  const [scheduledAt, setScheduledAt] = useState('');
  const [savedId, setSavedId] = useState(campaign?.id);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveCampaign();
  const action = useCampaignAction();
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

  async function persist() {
    const saved = await save.mutateAsync({
      id: savedId,
      input: {
        subject,
        preheader,
        fromName,
        bodyHtml,
        listIds,
        trackOpens,
        trackClicks: true,
        eventId: eventId || null,
        segment: segmentOf(segment),
      },
    });
    setSavedId(saved.id);
    return saved.id;
  }

  async function run(kind: 'save' | 'test' | 'send') {
    setNotice(null);
    try {
      const cid = editable ? await persist() : (savedId as string);
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
          scheduledAt: scheduledAt ? new Date(scheduledAt).toISOString() : undefined,
        });
        onClose();
      }
    } catch {
      // Shown from the mutation's error below.
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void run('save');
      }}
    >
      <h2 className="text-xl font-semibold">
        {campaign ? <Trans>Campaign</Trans> : <Trans>New campaign</Trans>}
      </h2>
      {error ? (
        <Alert variant="destructive">
          {withPricingLink(errorMessage(error, t`Could not save the campaign`))}
        </Alert>
      ) : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <Field id={`${id}-subject`} label={t`Subject`} hint={mergeFieldsHint}>
        <Input
          id={`${id}-subject`}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          required
          maxLength={200}
          disabled={!editable}
          aria-describedby={`${id}-subject-hint`}
        />
      </Field>
      <Field id={`${id}-pre`} label={t`Preheader (the preview line)`}>
        <Input
          id={`${id}-pre`}
          value={preheader}
          onChange={(e) => setPreheader(e.target.value)}
          maxLength={200}
          disabled={!editable}
        />
      </Field>
      <Field id={`${id}-from`} label={t`From name`}>
        <Input
          id={`${id}-from`}
          value={fromName}
          onChange={(e) => setFromName(e.target.value)}
          maxLength={100}
          disabled={!editable}
        />
      </Field>
      <Field id={`${id}-event`} label={eventLabel}>
        <Select
          id={`${id}-event`}
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
          disabled={!editable}
        >
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
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">
          <Trans>Send to</Trans>
        </legend>
        {lists.length === 0 ? (
          <p className="text-sm">
            <Trans>Create a list first.</Trans>
          </p>
        ) : null}
        {lists.map((l) => (
          <label key={l.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={listIds.includes(l.id)}
              disabled={!editable}
              onChange={(e) =>
                setListIds(
                  e.target.checked ? [...listIds, l.id] : listIds.filter((x) => x !== l.id),
                )
              }
            />
            {listLabel(l)}
          </label>
        ))}
      </fieldset>
      <SegmentEditor
        value={segment}
        onChange={setSegment}
        listIds={listIds}
        disabled={!editable}
        errors={fieldErrors(save.error)}
      />
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-body-label`} className="text-sm font-medium">
          <Trans>Message</Trans>
        </span>
        {editable ? (
          <Suspense fallback={<Spinner label={t`Loading the editor`} />}>
            <RichEditor
              id={`${id}-body`}
              value={bodyHtml}
              onChange={setBodyHtml}
              labelledBy={`${id}-body-label`}
            />
          </Suspense>
        ) : (
          <div
            className="rounded-md border border-border p-3 text-sm"
            aria-labelledby={`${id}-body-label`}
          >
            <pre className="whitespace-pre-wrap font-sans">{campaign?.bodyText}</pre>
          </div>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={trackOpens}
          onChange={(e) => setTrackOpens(e.target.checked)}
          disabled={!editable}
        />
        <Trans>
          Count opens (a tracking image; many mail programs block it, so opens are a lower bound)
        </Trans>
      </label>
      {editable ? (
        <Field id={`${id}-when`} label={t`Schedule (leave empty to send now)`}>
          <Input
            id={`${id}-when`}
            type="datetime-local"
            value={scheduledAt}
            onChange={(e) => setScheduledAt(e.target.value)}
          />
        </Field>
      ) : null}
      {campaign && !editable ? <CampaignReport campaign={campaign} /> : null}
      <div className="flex flex-wrap gap-2">
        {editable ? (
          <>
            <Button type="submit" variant="outline" disabled={save.isPending}>
              <Trans>Save draft</Trans>
            </Button>
            <Button type="button" variant="outline" onClick={() => void run('test')}>
              <Trans>Send a test to me</Trans>
            </Button>
            <Button type="button" onClick={() => void run('send')}>
              {scheduledAt ? <Trans>Schedule</Trans> : <Trans>Send now</Trans>}
            </Button>
          </>
        ) : null}
        {campaign && ['sending', 'scheduled'].includes(campaign.status) ? (
          <Button
            type="button"
            variant="outline"
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
    </form>
  );
}
