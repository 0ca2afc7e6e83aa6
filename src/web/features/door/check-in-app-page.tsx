import { Trans, useLingui } from '@lingui/react/macro';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DoorTicket } from '../../../contracts/door';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { QrScanner } from '../ticket-admin';
import { EventPicker, OnlineBadge } from './event-picker';
import { ModeSwitch, ReEntrySetting } from './re-entry';
import { ReturnedSale, SellPanel } from './sell-panel';
import { useCheckInApp } from './pwa';
import { getMeta, setMeta } from './store';
import { useDoor } from './use-door';
import { RefusedNotice, SyncConflicts } from './sync-conflicts';
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

/** Letters rather than a code: search the list by name. */
const looksLikeName = (text: string) => text.trim().length >= 2 && !text.includes('.');

function Door({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const id = useId();
  const { state, missing, isOnline, check, sync, dismissRefused } = useDoor(eventId);
  const [searchParams] = useSearchParams();
  const returnedSale = searchParams.get('sale');
  const [isSelling, setSelling] = useState(false);
  const [mode, setMode] = useState<DoorMode>('in');
  const [input, setInput] = useState('');
  const [gate, setGate] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const seatWords = useSeatWords();
  /** When the shown verdict's scan began (read by bench/check-in.ts). */
  const scanStarted = useRef<number | null>(null);

  // Scan to verdict on the screen: decided, and the verdict in the page.
  useLayoutEffect(() => {
    if (!verdict || scanStarted.current === null) return;
    performance.measure('check-in-verdict-shown', { start: scanStarted.current });
    scanStarted.current = null;
  }, [verdict]);

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
  const checkInList = state.list.checkInList ?? null;
  // A list made for a gate scans at that gate, whatever the device last used.
  const listGate = checkInList?.gate ?? '';

  async function run(what: { code: string } | { ticket: DoorTicket }) {
    const started = performance.now();
    const result = await check(what, listGate || gate.trim(), reEntry ? mode : 'in');
    performance.measure('check-in-decide', { start: started });
    const signalled = performance.now();
    signal(result);
    performance.measure('check-in-signal', { start: signalled });
    scanStarted.current = started;
    setVerdict(result);
    setInput('');
    // Scan to verdict (decided, the scan's write queued, the tone started), read by
    // bench/check-in.ts.
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
        {checkInList ? (
          <p className="text-sm" data-testid="check-in-list">
            <Trans>List: {checkInList.name}</Trans>
          </p>
        ) : null}
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

      <RefusedNotice refused={state.refused} onDismiss={dismissRefused} />

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
          value={listGate || gate}
          readOnly={Boolean(listGate)}
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

      <QrScanner onCode={(code) => void run({ code })} paused={verdict !== null} />

      <SyncConflicts conflicts={state.conflicts} />

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
