import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatTime } from '../../lib/dates';
import { Refusal } from './door-conflicts';
import type { Conflict } from './use-door';

// What the server told this device on sync about scans it had admitted offline: a ticket first
// admitted elsewhere (the guest is in either way), or a scan the check-in list refuses (the
// guest was let in by mistake: the door staff must know, and the device no longer counts it).

/** The notice after a sync that brought the list's refusals, until the door staff close it. */
export function RefusedNotice({
  refused,
  onDismiss,
}: {
  refused: readonly Conflict[];
  onDismiss: () => void;
}) {
  if (!refused.length) return null;
  const count = refused.length;
  return (
    <Alert variant="destructive" data-testid="refused-notice">
      <p className="font-semibold">
        {count === 1 ? (
          <Trans>The server refused a scan admitted on this device.</Trans>
        ) : (
          <Trans>The server refused {count} scans admitted on this device.</Trans>
        )}
      </p>
      <p className="text-sm">
        <Trans>These guests are not checked in. Please find them and check their tickets.</Trans>
      </p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onDismiss}>
        <Trans>Understood</Trans>
      </Button>
    </Alert>
  );
}

/** Each scan the server did not accept, newest last, as the device's history of them. */
export function SyncConflicts({ conflicts }: { conflicts: readonly Conflict[] }) {
  const { t } = useLingui();
  if (!conflicts.length) return null;
  return (
    <section className="flex flex-col gap-1" aria-labelledby="sync-conflicts-title">
      <h2 id="sync-conflicts-title" className="font-semibold">
        <Trans>Admitted here, but not accepted by the server</Trans>
      </h2>
      <ul className="flex flex-col gap-1 text-sm" data-testid="sync-conflicts">
        {conflicts.map((c, i) => {
          const scanned = formatTime(c.scannedAt);
          if (c.reason)
            return (
              <li key={i}>
                <span className="font-medium">{c.name}</span> ({scanned}):{' '}
                <Refusal reason={c.reason} />
              </li>
            );
          const at = formatTime(c.at);
          const where = c.gate ?? t`the check-in desk`;
          return (
            <li key={i}>
              <Trans>
                {c.name}: first checked in at {at} by {where}
              </Trans>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
