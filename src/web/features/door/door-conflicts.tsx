import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { DoorConflict } from '../../../contracts/door-lists';
import { formatDateTime } from '../../lib/dates';
import { checkInListKeys, fetchConflicts } from './check-in-lists-api';

// The organizer's view of conflicts (decision 116): a device offline admitted a guest whose
// ticket another device had already admitted. Both were let in; the first one heard stands.

/** A device by the start of its id: enough to tell a handful of phones apart at one door. */
const deviceName = (id: string) => id.slice(0, 8);

function Where({ gate, device }: { gate: string | null; device: string | null }) {
  const { t } = useLingui();
  if (!device) return <>{t`the check-in desk`}</>;
  const name = deviceName(device);
  return <>{gate ? t`${gate}, device ${name}` : t`device ${name}`}</>;
}

/**
 * Why the server refused a scan by the list's rules (the device had admitted it): the same words
 * on the organizer's conflicts and on the device that made the scan.
 */
export function Refusal({ reason }: { reason: NonNullable<DoorConflict['reason']> }) {
  const { t } = useLingui();
  const text = {
    not_on_list: t`Not on this list`,
    not_yet_valid: t`Not yet valid`,
    list_closed: t`List closed`,
  }[reason];
  return <span className="font-medium">{t`Refused by the list: ${text}`}</span>;
}

function Row({ conflict }: { conflict: DoorConflict }) {
  const first = conflict.first;
  return (
    <tr className="border-t align-top">
      <td className="py-2 pe-3">
        <span className="block font-medium">{conflict.holderName}</span>
        <span className="text-muted-foreground">{conflict.ticketType}</span>
      </td>
      <td className="py-2 pe-3">
        {conflict.reason ? (
          <Refusal reason={conflict.reason} />
        ) : (
          <>
            {first.at ? formatDateTime(first.at) : ''}
            <span className="block text-muted-foreground">
              <Where gate={first.gate} device={first.deviceId} />
            </span>
          </>
        )}
      </td>
      <td className="py-2">
        {formatDateTime(conflict.scannedAt)}
        <span className="block text-muted-foreground">
          <Where gate={conflict.gate || null} device={conflict.deviceId} />
        </span>
      </td>
    </tr>
  );
}

export function DoorConflictsPanel({ eventId }: { eventId: string }) {
  const conflicts = useQuery({
    queryKey: checkInListKeys.conflicts(eventId),
    queryFn: () => fetchConflicts(eventId),
  });
  return (
    <section className="flex flex-col gap-2" aria-labelledby="door-conflicts-title">
      <h2 id="door-conflicts-title" className="text-lg font-semibold">
        <Trans>Scan conflicts</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Guests admitted by a device while offline whose ticket had already been admitted
          elsewhere: the first admission stands, the later one is the conflict.
        </Trans>
      </p>
      {conflicts.data && !conflicts.data.length ? (
        <p className="text-sm">
          <Trans>No conflicts.</Trans>
        </p>
      ) : null}
      {conflicts.data?.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="text-start">
                <th className="pe-3 text-start font-medium">
                  <Trans>Ticket</Trans>
                </th>
                <th className="pe-3 text-start font-medium">
                  <Trans>Admitted first</Trans>
                </th>
                <th className="text-start font-medium">
                  <Trans>Also admitted (conflict)</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {conflicts.data.map((conflict) => (
                <Row
                  key={`${conflict.ticketId}-${conflict.deviceId}-${conflict.scannedAt}`}
                  conflict={conflict}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
