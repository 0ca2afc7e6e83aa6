import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { DoorCheckInList } from '../../../contracts/door-lists';
import { formatDateTime } from '../../lib/dates';
import { checkInListKeys, fetchCheckInLists } from './check-in-lists-api';

// Choosing one of the organizer's check-in lists before the download (decision 116).

/** A list's rules in a line: its gate and its window. */
export function ListRules({ list }: { list: DoorCheckInList }) {
  const { t } = useLingui();
  const parts: string[] = [];
  if (list.gate) parts.push(t`Gate: ${list.gate}`);
  const from = list.validFrom ? formatDateTime(list.validFrom) : '';
  const until = list.validUntil ? formatDateTime(list.validUntil) : '';
  if (from && until) parts.push(t`from ${from} to ${until}`);
  else if (from) parts.push(t`from ${from}`);
  else if (until) parts.push(t`until ${until}`);
  if (list.perDay) parts.push(t`one entry per day`);
  return parts.length ? <span className="text-muted-foreground">{parts.join(' · ')}</span> : null;
}

export function CheckInListChoice({
  eventId,
  value,
  onChange,
}: {
  eventId: string;
  value: string | null;
  onChange: (listId: string | null) => void;
}) {
  const lists = useQuery({
    queryKey: checkInListKeys.lists(eventId),
    queryFn: () => fetchCheckInLists(eventId),
    retry: false,
  });
  if (!lists.data?.lists.length) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">
        <Trans>Check-in list</Trans>
      </legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          className="size-4"
          name={`list-${eventId}`}
          checked={value === null}
          onChange={() => onChange(null)}
        />
        <Trans>All tickets, or ticket types I choose</Trans>
      </label>
      {lists.data.lists.map((list) => (
        <label key={list.id} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            className="mt-0.5 size-4"
            name={`list-${eventId}`}
            checked={value === list.id}
            onChange={() => onChange(list.id)}
          />
          <span className="flex flex-col">
            <span>{list.name}</span>
            <ListRules list={list} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}
