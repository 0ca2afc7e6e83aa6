import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CloudOff, Wifi } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DoorEvent } from '../../../contracts/door';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { doorKeys, fetchDoorEvents } from './api';
import { CheckInListChoice } from './check-in-list-picker';
import { listStoredLists, type StoredList } from './store';
import { downloadList } from './use-door';

// The check-in app's first screen: the events this person may check guests in at (and the lists
// already on this device, offline), and the download of one event's list.

export function OnlineBadge({ isOnline }: { isOnline: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm" aria-live="polite">
      {isOnline ? (
        <>
          <Wifi aria-hidden="true" className="size-4" />
          <Trans>Online</Trans>
        </>
      ) : (
        <>
          <CloudOff aria-hidden="true" className="size-4" />
          <Trans>Offline</Trans>
        </>
      )}
    </span>
  );
}

export function EventPicker() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const events = useQuery({ queryKey: doorKeys.events, queryFn: fetchDoorEvents, retry: false });
  const [stored, setStored] = useState<StoredList[]>([]);
  const [chosen, setChosen] = useState<DoorEvent | null>(null);
  const [types, setTypes] = useState<string[]>([]);
  const [listId, setListId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isDownloading, setDownloading] = useState(false);

  useEffect(() => {
    void listStoredLists().then(setStored);
  }, []);

  // Offline, the lists already on this device are all there is to pick from.
  const choices = useMemo(() => {
    const fromServer = events.data ?? [];
    const known = new Set(fromServer.map((e) => e.id));
    return [...fromServer, ...stored.map((s) => s.event).filter((e) => !known.has(e.id))];
  }, [events.data, stored]);

  async function download(event: DoorEvent) {
    setError(null);
    setDownloading(true);
    try {
      await downloadList(event.id, types, listId ?? undefined);
      void navigate(`/check-in/${event.id}`);
    } catch (e) {
      setError(errorMessage(e, t`The list could not be downloaded. Please try again.`));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <header className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">
          <Trans>Check-in</Trans>
        </h1>
        <OnlineBadge isOnline={navigator.onLine} />
      </header>
      {events.isError && !stored.length ? (
        <Alert variant="destructive">
          {errorMessage(events.error, t`Your events could not be loaded.`)}{' '}
          <Link to="/auth?redirect=/check-in" className="underline">
            <Trans>Sign in</Trans>
          </Link>
        </Alert>
      ) : null}
      {events.isSuccess && !choices.length ? (
        <p className="text-muted-foreground">
          <Trans>
            No events to check guests in at. The organizer can add you to their team with the
            check-in role.
          </Trans>
        </p>
      ) : null}
      <h2 className="text-lg font-semibold">
        <Trans>Choose an event</Trans>
      </h2>
      <ul className="flex flex-col gap-3">
        {choices.map((event) => {
          const list = stored.find((s) => s.eventId === event.id);
          const isChosen = chosen?.id === event.id;
          return (
            <li key={event.id} className="rounded-lg border p-3">
              <p className="font-semibold">{event.title}</p>
              <p className="text-sm text-muted-foreground">{formatDateTime(event.startsAt)}</p>
              {list ? (
                <p className="text-sm">
                  <Plural
                    value={list.ticketCount}
                    one="List on this device: # ticket"
                    other="List on this device: # tickets"
                  />
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                {list ? (
                  <Button onClick={() => void navigate(`/check-in/${event.id}`)}>
                    <Trans>Start scanning</Trans>
                  </Button>
                ) : null}
                <Button
                  variant={list ? 'outline' : 'primary'}
                  aria-expanded={isChosen}
                  onClick={() => {
                    setChosen(isChosen ? null : event);
                    setTypes([]);
                    setListId(null);
                  }}
                >
                  {list ? t`Download again` : t`Download list`}
                </Button>
              </div>
              {isChosen ? (
                <div className="mt-3 flex flex-col gap-3">
                  <CheckInListChoice eventId={event.id} value={listId} onChange={setListId} />
                  <fieldset className="flex flex-col gap-2" hidden={listId !== null}>
                    <legend className="text-sm font-medium">
                      <Trans>Ticket types on this list (none chosen: all tickets)</Trans>
                    </legend>
                    {event.ticketTypes.map((type) => (
                      <label key={type.id} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={types.includes(type.id)}
                          onChange={(e) =>
                            setTypes((now) =>
                              e.target.checked
                                ? [...now, type.id]
                                : now.filter((id) => id !== type.id),
                            )
                          }
                        />
                        {type.name}
                      </label>
                    ))}
                  </fieldset>
                  <Button
                    className="self-start"
                    disabled={isDownloading}
                    onClick={() => void download(event)}
                  >
                    {isDownloading ? t`Downloading...` : t`Download and start`}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
    </>
  );
}
