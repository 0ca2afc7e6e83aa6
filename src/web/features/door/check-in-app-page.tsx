import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CloudOff, Wifi } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { DoorEvent, DoorTicket } from '../../../contracts/door';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime, formatTime } from '../../lib/dates';
import { QrScanner } from '../ticket-admin';
import { fetchDoorEvents } from './api';
import { ModeSwitch, ReEntrySetting } from './re-entry';
import { ReturnedSale, SellPanel } from './sell-panel';
import { useCheckInApp } from './pwa';
import { getMeta, listStoredLists, setMeta, type StoredList } from './store';
import { downloadList, useDoor } from './use-door';
import { useSeatWords } from './verdict-details';
import { signal, VerdictScreen } from './verdict-screen';
import type { DoorMode, Verdict } from './verdict';

/** /check-in and /check-in/:eventId: the installable check-in app (decision 066). */
export function CheckInAppPage() {
  const { t } = useLingui();
  const { eventId } = useParams();
  useCheckInApp();
  useEffect(() => {
    document.title = t`Check-in`;
  }, [t]);
  return (
    <div className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-4 p-4">
      {eventId ? <Door eventId={eventId} /> : <EventPicker />}
    </div>
  );
}

function OnlineBadge({ isOnline }: { isOnline: boolean }) {
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

function EventPicker() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const events = useQuery({ queryKey: ['door', 'events'], queryFn: fetchDoorEvents, retry: false });
  const [stored, setStored] = useState<StoredList[]>([]);
  const [chosen, setChosen] = useState<DoorEvent | null>(null);
  const [types, setTypes] = useState<string[]>([]);
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
      await downloadList(event.id, types);
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
                  }}
                >
                  {list ? t`Download again` : t`Download list`}
                </Button>
              </div>
              {isChosen ? (
                <fieldset className="mt-3 flex flex-col gap-2">
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
                  <Button
                    className="self-start"
                    disabled={isDownloading}
                    onClick={() => void download(event)}
                  >
                    {isDownloading ? t`Downloading...` : t`Download and start`}
                  </Button>
                </fieldset>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
    </>
  );
}

/** Letters rather than a code: search the list by name. */
const looksLikeName = (text: string) => text.trim().length >= 2 && !text.includes('.');

function Door({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const id = useId();
  const { state, missing, isOnline, check, sync } = useDoor(eventId);
  const [searchParams] = useSearchParams();
  const returnedSale = searchParams.get('sale');
  const [isSelling, setSelling] = useState(false);
  const [mode, setMode] = useState<DoorMode>('in');
  const [input, setInput] = useState('');
  const [gate, setGate] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const seatWords = useSeatWords();

  useEffect(() => {
    void getMeta('gate').then((saved) => setGate(saved ?? ''));
  }, []);

  const matches = useMemo(() => {
    if (!state || !looksLikeName(input)) return [];
    const query = input.trim().toLocaleLowerCase();
    const found: DoorTicket[] = [];
    for (const ticket of state.context.byId.values()) {
      if (ticket.n.toLocaleLowerCase().includes(query)) found.push(ticket);
      if (found.length === 20) break;
    }
    return found;
  }, [state, input]);

  if (missing)
    return (
      <Alert>
        <Trans>This event's list is not on this device yet.</Trans>{' '}
        <Link to="/check-in" className="underline">
          <Trans>Choose an event</Trans>
        </Link>
      </Alert>
    );
  if (!state) return <p role="status">{t`Loading the list...`}</p>;

  const typeName = (index: number) => state.list.event.ticketTypes[index]?.name ?? '';
  const reEntry = state.list.reEntry ?? false;

  async function run(what: { code: string } | { ticket: DoorTicket }) {
    const started = performance.now();
    const result = await check(what, gate.trim(), reEntry ? mode : 'in');
    signal(result);
    setVerdict(result);
    setInput('');
    // Scan to verdict (decided and stored on the device), read by bench/check-in.ts.
    performance.measure('check-in-verdict', { start: started });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!input.trim() || looksLikeName(input)) return;
    void run({ code: input });
  }

  const { counters } = state;
  return (
    <>
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <Link to="/check-in" className="text-sm underline">
            <Trans>All events</Trans>
          </Link>
          <OnlineBadge isOnline={isOnline} />
        </div>
        <h1 className="text-2xl font-bold">{state.list.event.title}</h1>
      </header>

      <section aria-label={t`Counters`} className="grid grid-cols-2 gap-2 text-center">
        <p className="rounded-lg border p-2">
          <span className="block text-2xl font-bold" data-testid="checked-in">
            {counters.checkedIn} / {counters.expected}
          </span>
          <span className="text-sm">
            <Trans>checked in</Trans>
          </span>
        </p>
        <p className="rounded-lg border p-2">
          <span className="block text-2xl font-bold" data-testid="pending">
            {state.pending}
          </span>
          <span className="text-sm">
            <Trans>scans waiting to sync</Trans>
          </span>
        </p>
      </section>
      {counters.gates.length ? (
        <p className="text-sm">
          {counters.gates.map((g) => `${g.gate || t`No gate`}: ${g.checkedIn}`).join(' · ')}
        </p>
      ) : null}
      {isOnline ? null : (
        <p className="text-sm text-muted-foreground">
          <Trans>
            Counters are from the last sync. Scans are kept on this device and sent when the network
            returns.
          </Trans>
        </p>
      )}

      {returnedSale ? (
        <ReturnedSale eventId={eventId} orderId={returnedSale} onAdmitted={() => void sync()} />
      ) : null}
      {isOnline ? (
        <Button
          variant={isSelling ? 'outline' : 'secondary'}
          aria-expanded={isSelling}
          className="self-start"
          onClick={() => setSelling((now) => !now)}
        >
          {isSelling ? t`Close the box office` : t`Sell tickets`}
        </Button>
      ) : null}
      {isOnline && isSelling ? <SellPanel eventId={eventId} onSold={() => void sync()} /> : null}

      {isOnline ? (
        <ReEntrySetting eventId={eventId} reEntry={reEntry} onChanged={() => void sync()} />
      ) : null}
      {reEntry ? <ModeSwitch mode={mode} onMode={setMode} /> : null}

      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-gate`} className="text-sm font-medium">
          <Trans>Gate</Trans>
        </label>
        <Input
          id={`${id}-gate`}
          value={gate}
          maxLength={40}
          onChange={(e) => {
            setGate(e.target.value);
            void setMeta('gate', e.target.value);
          }}
        />
      </div>

      <form onSubmit={submit} className="flex flex-col gap-2" role="search">
        <label htmlFor={`${id}-code`} className="text-sm font-medium">
          <Trans>Ticket code or name</Trans>
        </label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={`${id}-code`}
            value={input}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => setInput(e.target.value)}
          />
          <Button type="submit">
            <Trans>Check</Trans>
          </Button>
        </div>
      </form>
      {matches.length ? (
        <ul aria-label={t`Guests found`} className="flex flex-col divide-y rounded-lg border">
          {matches.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                className="flex w-full justify-between gap-2 p-3 text-start hover:bg-muted"
                onClick={() => void run({ ticket })}
              >
                <span className="font-medium">{ticket.n}</span>
                <span className="text-sm text-muted-foreground">
                  {ticket.st
                    ? `${typeName(ticket.t)} \u00b7 ${seatWords(ticket.st, state.list.sections)}`
                    : typeName(ticket.t)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <QrScanner onCode={(code) => void run({ code })} />

      {state.conflicts.length ? (
        <section className="flex flex-col gap-1">
          <h2 className="font-semibold">
            <Trans>Admitted here, but already used elsewhere</Trans>
          </h2>
          <ul className="text-sm">
            {state.conflicts.map((c, i) => {
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
      ) : null}

      {verdict ? (
        <VerdictScreen
          eventId={eventId}
          verdict={verdict}
          typeName={typeName}
          questions={state.list.questions}
          sections={state.list.sections}
          onNext={() => {
            setVerdict(null);
            inputRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
