import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { CopyButton } from '../../components/copy-button';
import { myEventsQuery } from '../events';

/** The ticket widget's snippets for one of the organizer's published events (decision 029). */
export function WidgetSection() {
  const { t } = useLingui();
  const id = useId();
  const events = useQuery(myEventsQuery);
  const published = (events.data?.events ?? []).filter(
    (e) => e.eventStatus === 'published' && e.visibility === 'public',
  );
  const [chosen, setChosen] = useState('');
  const eventId = chosen || published[0]?.id || 'EVENT_ID';
  const origin = window.location.origin;
  const script = `<script src="${origin}/widget.js" data-event="${eventId}" async></script>`;
  // Code to paste into the organizer's own site: it stays as written, in every language.
  const resizeMessage = `{ type: 'mea:resize', height }`;
  const completeMessage = `{ type: 'mea:checkout-complete', eventId, orderId }`;
  const frame = `<iframe src="${origin}/embed/events/${eventId}" title="Tickets" style="width:100%;max-width:480px;height:320px;border:0"></iframe>`;
  return (
    <section aria-labelledby="widget-title" className="flex flex-col gap-3 text-sm">
      <h2 id="widget-title" className="text-lg font-semibold">
        <Trans>Ticket widget</Trans>
      </h2>
      <p>
        <Trans>
          Sell tickets on your own site: paste this where the tickets should appear. It shows the
          ticket types with what is left; checkout opens in a new window, and your page gets a{' '}
          <code dir="ltr">mea:checkout-complete</code> event when the buyer has paid.
        </Trans>
      </p>
      {published.length ? (
        <Field id={`${id}-event`} label={t`Event`}>
          <Select id={`${id}-event`} value={eventId} onChange={(e) => setChosen(e.target.value)}>
            {published.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <p className="text-muted-foreground">
          <Trans>Publish a public event to get its snippet; EVENT_ID stands in for it below.</Trans>
        </p>
      )}
      <pre
        dir="ltr"
        className="overflow-x-auto rounded bg-muted p-3 text-xs whitespace-pre-wrap break-all"
      >
        {script}
      </pre>
      <div>
        <CopyButton text={script} label={t`Copy widget snippet`} toastTitle={t`Snippet copied`} />
      </div>
      <details>
        <summary className="cursor-pointer font-medium">
          <Trans>An iframe instead, and your CSP</Trans>
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <pre
            dir="ltr"
            className="overflow-x-auto rounded bg-muted p-3 text-xs whitespace-pre-wrap break-all"
          >
            {frame}
          </pre>
          <p>
            <Trans>
              With the iframe, listen for <code dir="ltr">message</code> events from{' '}
              <code dir="ltr">{origin}</code>: <code dir="ltr">{resizeMessage}</code> and{' '}
              <code dir="ltr">{completeMessage}</code>.
            </Trans>
          </p>
          <p>
            <Trans>
              If your site sends a Content-Security-Policy, allow{' '}
              <code dir="ltr">script-src {origin}</code> (the script tag) and{' '}
              <code dir="ltr">frame-src {origin}</code>.
            </Trans>{' '}
            <Trans>Pop-ups must not be blocked for the buy button.</Trans>
          </p>
        </div>
      </details>
    </section>
  );
}
