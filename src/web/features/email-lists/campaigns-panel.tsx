import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { lazyPage } from '../../app/lazy-page';
import type { Campaign, EmailList } from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { myEventsQuery } from '../events';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { withPricingLink } from '../../components/pricing-link';
import { campaignsQuery, useCampaignAction, useSaveCampaign } from './api';
import { draftOf, segmentOf, SegmentEditor } from './segment-editor';

// tiptap is heavy: only a person writing a campaign downloads it.
const RichEditor = lazyPage(() => import('./rich-editor').then((m) => m.default));

const STATUS_VARIANT = {
  draft: 'outline',
  scheduled: 'warning',
  sending: 'warning',
  paused: 'warning',
  cancelled: 'danger',
  sent: 'success',
} as const;

export function CampaignsPanel({ lists }: { lists: EmailList[] }) {
  const campaigns = useQuery(campaignsQuery());
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  if (editing)
    return (
      <CampaignEditor
        campaign={editing === 'new' ? null : editing}
        lists={lists}
        onClose={() => setEditing(null)}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing('new')}>New campaign</Button>
      </div>
      {campaigns.isPending ? <Spinner label="Loading campaigns" /> : null}
      {campaigns.data?.length === 0 ? <p>No campaigns yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {campaigns.data?.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{c.subject}</h3>
              <Badge variant={STATUS_VARIANT[c.status]}>{c.status}</Badge>
            </div>
            <CampaignReport campaign={c} />
            <div>
              <Button variant="outline" size="sm" onClick={() => setEditing(c)}>
                {c.status === 'draft' ? 'Edit' : 'Open'}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CampaignReport({ campaign }: { campaign: Campaign }) {
  const s = campaign.stats;
  const figures: [string, number][] = [
    ['Sent', s.sent],
    ['Opens', s.opens],
    ['Clicks', s.clicks],
    ['Unsubscribes', s.unsubscribes],
    ['Bounces', s.bounces],
  ];
  // Refused for another reason than the address (content, policy): shown when it happened.
  if (s.failed > 0) figures.push(['Refused', s.failed]);
  // Marked as spam, as the mail provider reported it (POST /api/marketing/bounces).
  if (s.complaints > 0) figures.push(['Spam complaints', s.complaints]);
  const max = Math.max(1, ...s.timeline.map((p) => p.opens + p.clicks));
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-md bg-muted px-3 py-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {s.timeline.some((p) => p.opens + p.clicks > 0) ? (
        <figure>
          <figcaption className="text-xs text-muted-foreground">
            Opens and clicks per hour (opens are counted only where the mail program loads images)
          </figcaption>
          <ol className="mt-1 flex h-16 items-end gap-1" aria-label="Opens and clicks per hour">
            {s.timeline.map((p) => (
              <li
                key={p.hour}
                className="w-3 rounded-t bg-primary"
                style={{ height: `${Math.max(4, ((p.opens + p.clicks) / max) * 100)}%` }}
                aria-label={`${new Date(p.hour).toLocaleString()}: ${p.opens} opens, ${p.clicks} clicks`}
              />
            ))}
          </ol>
        </figure>
      ) : null}
    </div>
  );
}

function CampaignEditor({
  campaign,
  lists,
  onClose,
}: {
  campaign: Campaign | null;
  lists: EmailList[];
  onClose: () => void;
}) {
  const id = useId();
  const editable = !campaign || campaign.status === 'draft';
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [preheader, setPreheader] = useState(campaign?.preheader ?? '');
  const [fromName, setFromName] = useState(campaign?.fromName ?? '');
  const [bodyHtml, setBodyHtml] = useState(
    campaign?.bodyHtml ?? '<p>Hi {{first_name}},</p><p></p>',
  );
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
      if (kind === 'save') setNotice('Draft saved.');
      if (kind === 'test') {
        const result = (await action.mutateAsync({ id: cid, action: 'test' })) as { to: string };
        setNotice(`A test was sent to ${result.to}.`);
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
      <h2 className="text-xl font-semibold">{campaign ? 'Campaign' : 'New campaign'}</h2>
      {error ? (
        <Alert variant="destructive">
          {withPricingLink(errorMessage(error, 'Could not save the campaign'))}
        </Alert>
      ) : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <Field
        id={`${id}-subject`}
        label="Subject"
        hint="Merge fields: {{name}}, {{first_name}}, {{email}}, {{attr.COLUMN}}; with an event: {{event.title}}, {{event.date}}, {{event.location}}, {{event.url}}"
      >
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
      <Field id={`${id}-pre`} label="Preheader (the preview line)">
        <Input
          id={`${id}-pre`}
          value={preheader}
          onChange={(e) => setPreheader(e.target.value)}
          maxLength={200}
          disabled={!editable}
        />
      </Field>
      <Field id={`${id}-from`} label="From name">
        <Input
          id={`${id}-from`}
          value={fromName}
          onChange={(e) => setFromName(e.target.value)}
          maxLength={100}
          disabled={!editable}
        />
      </Field>
      <Field id={`${id}-event`} label="Event (fills the {{event.*}} fields)">
        <Select
          id={`${id}-event`}
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
          disabled={!editable}
        >
          <option value="">None</option>
          {events.data?.events.map((ev) => (
            <option key={ev.id} value={ev.id}>
              {ev.title}
            </option>
          ))}
          {eventId && !events.data?.events.some((ev) => ev.id === eventId) ? (
            <option value={eventId}>The chosen event</option>
          ) : null}
        </Select>
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Send to</legend>
        {lists.length === 0 ? <p className="text-sm">Create a list first.</p> : null}
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
            {l.name} ({l.counts.subscribed.toLocaleString()} subscribed)
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
          Message
        </span>
        {editable ? (
          <Suspense fallback={<Spinner label="Loading the editor" />}>
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
        Count opens (a tracking image; many mail programs block it, so opens are a lower bound)
      </label>
      {editable ? (
        <Field id={`${id}-when`} label="Schedule (leave empty to send now)">
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
              Save draft
            </Button>
            <Button type="button" variant="outline" onClick={() => void run('test')}>
              Send a test to me
            </Button>
            <Button type="button" onClick={() => void run('send')}>
              {scheduledAt ? 'Schedule' : 'Send now'}
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
            Pause
          </Button>
        ) : null}
        {campaign?.status === 'paused' ? (
          <Button
            type="button"
            onClick={() =>
              void action.mutateAsync({ id: campaign.id, action: 'send' }).then(onClose)
            }
          >
            Resume
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
            Cancel sending
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onClose}>
          Back
        </Button>
      </div>
    </form>
  );
}
