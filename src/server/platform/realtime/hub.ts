import pg from 'pg';
import type { ServerFrame } from '../../../contracts/realtime';
import { SeqCursor, TakenSeqs } from './seq-cursor';

/** A table whose rows go out on the socket, read in sequence order (see SeqCursor). */
export interface RealtimeSource<Row> {
  name: string;
  /** Rows with seq > after, or seq in gaps, ascending, at most `limit`. */
  read(after: number, gaps: number[], limit: number): Promise<Row[]>;
  maxSeq(): Promise<number>;
  seqOf(row: Row): number;
  /** Who receives the row (one person for a notification, every participant for a message). */
  usersOf(row: Row): readonly string[];
  /** One frame carrying these rows for one user. */
  frame(rows: Row[]): ServerFrame;
  /** frame(rows) as JSON text, for a source that writes it faster than JSON.stringify does. */
  serialize?(rows: Row[]): string;
  /** A reconnecting user's rows with seq > since, ascending, at most `limit` (catch-up). */
  changesFor(userId: string, since: number, limit: number): Promise<Row[]>;
  /** Called once per new row batch in this process (e.g. to queue push and email). */
  onFresh?(rows: Row[]): void;
}

/** What the hub needs of a WebSocket (ws's WebSocket fits). */
export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
}

export const NOTIFY_CHANNEL = 'mea_realtime';

/**
 * The NOTIFY_CHANNEL payload: the sending process and the sources it found new rows in, so a
 * listener reads only those tables (a batch of notifications does not cost a read of messages,
 * stream notifications and vendor requests too). An empty or unknown list means "read them all".
 */
export function wakePayload(origin: string, sources: readonly string[]): string {
  return [origin, ...sources].join(' ');
}

export function parseWake(payload: string): { origin: string; sources: string[] } {
  const [origin = '', ...sources] = payload.split(' ');
  return { origin, sources: sources.filter(Boolean) };
}

/** The application name of every hub's listening connection. */
const LISTENER_NAME = 'mea-events-realtime';

/** Frames that are not stored (typing, read receipts), carried to the other processes. */
export const SIGNAL_CHANNEL = 'mea_realtime_signal';
/** NOTIFY payloads must stay under 8000 bytes; recipients are split across several. */
const SIGNAL_PAYLOAD_BYTES = 7000;
/** Rows per read; while one batch is delivered the next is read. */
const READ_LIMIT = 1000;
/** A client this far behind is closed; it reconnects and catches up from its last seq. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
export const CLOSE_TOO_SLOW = 4408;

interface HubOptions {
  databaseUrl: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- sources of different row types
  sources: RealtimeSource<any>[];
  /**
   * Sends NOTIFY on NOTIFY_CHANNEL with this payload (through the app's pool) so other processes
   * read at once; the payload names this process, which skips its own echo.
   */
  notifyOthers: (payload: string) => Promise<void>;
  /** Sends a NOTIFY on SIGNAL_CHANNEL with this payload (through the app's pool). */
  signalOthers: (payload: string) => Promise<void>;
  /** How often to look for rows nobody told us about (other code paths, lost NOTIFYs). */
  idlePollMs?: number;
  /** How often to look whether another process listens (no NOTIFY while none does). */
  othersCheckMs?: number;
  onError?: (error: unknown, context: string) => void;
}

/**
 * Delivers rows to the sockets of the users they belong to, across server processes: every
 * process reads new rows itself (cheap indexed reads by sequence) and wakes the others with one
 * NOTIFY per batch it found, never per row and never inside the transaction that wrote them.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<RealtimeSocket>>();
  private readonly cursors = new Map<string, SeqCursor>();
  /** Numbers any source has read: not gaps for the others (one shared sequence). */
  private readonly taken = new TakenSeqs();
  private listener: pg.Client | undefined;
  private readonly retired = new WeakSet<pg.Client>();
  private timer: NodeJS.Timeout | undefined;
  private othersTimer: NodeJS.Timeout | undefined;
  /**
   * Whether another process listens on the channels. While none does, wakes and signals are not
   * sent (a transaction per batch for nobody). A process that starts announces itself with a
   * wake, and finds rows it was not told about at its idle reads. True until known.
   */
  private othersListening = true;
  /** Counts what arrived from other processes, so a count begun before one does not undo it. */
  private heardFromOthers = 0;
  private polling: Promise<void> | undefined;
  /** What to read once the read in progress is done: which sources (null: all), and whether to wake the others. */
  private again: { notify: boolean; sources: Set<string> | null } | undefined;
  private closed = false;
  /** Marks this process's own NOTIFYs and signals, so their echo from LISTEN is skipped. */
  private readonly origin = Math.random().toString(36).slice(2);

  constructor(private readonly options: HubOptions) {}

  async start(): Promise<void> {
    for (const source of this.options.sources) {
      this.cursors.set(source.name, new SeqCursor(await source.maxSeq(), undefined, this.taken));
    }
    await this.listen();
    this.timer = setInterval(() => this.poke(false), this.options.idlePollMs ?? 250);
    this.timer.unref();
    await this.checkOthers();
    // Tells the processes already running that this one listens now (they stop skipping NOTIFYs
    // at once rather than at their next check); they read once, finding nothing new.
    await this.options.notifyOthers(wakePayload(this.origin, [])).catch((error: unknown) => {
      this.options.onError?.(error, 'realtime notify');
    });
    this.othersTimer = setInterval(
      () => void this.checkOthers(),
      this.options.othersCheckMs ?? 2000,
    );
    this.othersTimer.unref();
  }

  /** Registers a socket for a user; returns the function that removes it. */
  attach(userId: string, socket: RealtimeSocket): () => void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    return () => {
      const current = this.sockets.get(userId);
      current?.delete(socket);
      if (current && current.size === 0) this.sockets.delete(userId);
    };
  }

  /** The newest sequence number read so far (a new client's starting `since`). */
  position(): number {
    let max = 0;
    for (const cursor of this.cursors.values()) max = Math.max(max, cursor.position);
    return max;
  }

  /**
   * Read soon. `tellOthers`: this process wrote something, so wake the other processes too.
   * `sources`: only these sources have news (by name; default all).
   */
  poke(tellOthers = true, sources?: readonly string[]): void {
    if (this.closed) return;
    const wanted = sources?.length ? new Set(sources) : null;
    if (this.polling) {
      const pending = this.again;
      let next = wanted;
      if (pending)
        next = pending.sources && wanted ? new Set([...pending.sources, ...wanted]) : null;
      this.again = { notify: (pending?.notify ?? false) || tellOthers, sources: next };
      return;
    }
    this.polling = this.poll(tellOthers, wanted).finally(() => {
      this.polling = undefined;
      const next = this.again;
      this.again = undefined;
      if (next) this.poke(next.notify, next.sources ? [...next.sources] : undefined);
    });
  }

  /**
   * Sends a frame that is not stored to these users' sockets here and in every other process.
   * Fire and forget: a lost signal is a missed typing dot, never lost data.
   */
  publish(userIds: readonly string[], frame: ServerFrame): void {
    // Serialised once for every recipient (a ride's position goes to six people a second).
    let text: string | undefined;
    for (const userId of userIds) {
      const sockets = this.sockets.get(userId);
      if (sockets) this.sendText(sockets, (text ??= JSON.stringify(frame)));
    }
    if (!this.othersListening) return;
    for (const users of chunkByBytes(userIds, SIGNAL_PAYLOAD_BYTES)) {
      const payload = JSON.stringify({ o: this.origin, u: users, f: frame });
      this.options.signalOthers(payload).catch((error: unknown) => {
        this.options.onError?.(error, 'realtime signal');
      });
    }
  }

  /**
   * What a reconnecting user missed since `since`, as frames; null when it is more than `max`
   * changes (the client then refetches instead).
   */
  async catchUp(userId: string, since: number, max: number): Promise<ServerFrame[] | null> {
    const results = await Promise.all(
      this.options.sources.map(async (source) => ({
        source,
        rows: await source.changesFor(userId, since, max + 1),
      })),
    );
    if (results.reduce((sum, { rows }) => sum + rows.length, 0) > max) return null;
    return results.filter(({ rows }) => rows.length).map(({ source, rows }) => source.frame(rows));
  }

  /** Waits for the read in progress (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.polling) await this.polling;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.othersTimer) clearInterval(this.othersTimer);
    await this.settle();
    await this.listener?.end().catch(() => {});
    for (const set of this.sockets.values()) {
      for (const socket of set) socket.close(1001, 'Server shutting down');
    }
    this.sockets.clear();
  }

  private async poll(tellOthers: boolean, only: Set<string> | null): Promise<void> {
    const sources = only
      ? this.options.sources.filter((source) => only.has(source.name))
      : this.options.sources;
    // The sources are read side by side: a batch waits for one round trip, not one per source.
    const found = await Promise.all(
      sources.map((source) =>
        this.pollSource(source).catch((error: unknown) => {
          this.options.onError?.(error, `realtime read of ${source.name}`);
          return false;
        }),
      ),
    );
    const news = sources.filter((_, i) => found[i]).map((source) => source.name);
    if (news.length && tellOthers && this.othersListening) {
      await this.options.notifyOthers(wakePayload(this.origin, news)).catch((error: unknown) => {
        this.options.onError?.(error, 'realtime notify');
      });
    }
  }

  private async pollSource<Row>(source: RealtimeSource<Row>): Promise<boolean> {
    const cursor = this.cursors.get(source.name);
    if (!cursor) return false;
    const read = () => {
      const now = Date.now();
      return { now, rows: source.read(cursor.position, cursor.pendingGaps(now), READ_LIMIT) };
    };
    let found = false;
    let next = read();
    for (;;) {
      const rows = await next.rows;
      const seqs = rows.map(source.seqOf);
      for (const seq of seqs) this.taken.add(seq);
      const fresh = cursor.accept(seqs, next.now);
      // A full batch means more are waiting: ask for them (after this batch's cursor) before
      // delivering this one, so the database reads while this process sends.
      const more = rows.length >= READ_LIMIT;
      if (more) {
        next = read();
        // Still awaited on the next turn; this keeps a failure there from going unhandled if
        // delivering this batch throws first.
        next.rows.catch(() => {});
      }
      // The fresh seqs are in the rows' order (and usually all of them).
      let freshRows = rows;
      if (fresh.length < rows.length) {
        let at = 0;
        freshRows = rows.filter((_, i) => {
          if (fresh[at] !== seqs[i]) return false;
          at++;
          return true;
        });
      }
      if (freshRows.length) {
        found = true;
        source.onFresh?.(freshRows);
        this.deliver(source, freshRows);
      }
      if (!more) return found;
    }
  }

  private deliver<Row>(source: RealtimeSource<Row>, rows: Row[]): void {
    // Grouped by the user's set of sockets (one lookup by user id per row), then one frame each.
    const bySockets = new Map<Set<RealtimeSocket>, Row[]>();
    for (const row of rows) {
      for (const userId of source.usersOf(row)) {
        const sockets = this.sockets.get(userId);
        if (!sockets) continue;
        const list = bySockets.get(sockets);
        if (list) list.push(row);
        else bySockets.set(sockets, [row]);
      }
    }
    for (const [sockets, userRows] of bySockets) {
      this.sendText(
        sockets,
        source.serialize ? source.serialize(userRows) : JSON.stringify(source.frame(userRows)),
      );
    }
  }

  /** Sends one frame to every socket of a user (serialised once). */
  sendTo(userId: string, frame: ServerFrame): void {
    const sockets = this.sockets.get(userId);
    if (sockets) this.sendText(sockets, JSON.stringify(frame));
  }

  /** Sends a frame's JSON text to every socket of a user. */
  private sendText(sockets: Set<RealtimeSocket>, data: string): void {
    for (const socket of sockets) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES)
        socket.close(CLOSE_TOO_SLOW, 'Too far behind');
      else socket.send(data);
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: LISTENER_NAME,
    });
    client.on('notification', (message) => {
      if (message.channel === SIGNAL_CHANNEL) {
        this.onSignal(message.payload);
        return;
      }
      const wake = parseWake(message.payload ?? '');
      // This process's own NOTIFY: it read those rows already.
      if (wake.origin === this.origin) return;
      this.heardFromOthers++;
      this.othersListening = true;
      this.poke(false, wake.sources);
    });
    client.on('error', (error) => {
      this.options.onError?.(error, 'realtime listener');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}; LISTEN ${SIGNAL_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.options.onError?.(error, 'realtime listener');
      this.reconnect(client);
    }
  }

  /** Counts the listeners on this database (each hub's listener carries LISTENER_NAME). */
  private async checkOthers(): Promise<void> {
    const listener = this.listener;
    if (!listener) {
      this.othersListening = true;
      return;
    }
    const heard = this.heardFromOthers;
    try {
      const { rows } = await listener.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where application_name = $1 and datname = current_database()`,
        [LISTENER_NAME],
      );
      this.othersListening = (rows[0]?.n ?? 2) > 1 || this.heardFromOthers !== heard;
    } catch {
      this.othersListening = true;
    }
  }

  private onSignal(payload: string | undefined): void {
    try {
      const signal = JSON.parse(payload ?? '') as { o: string; u: string[]; f: ServerFrame };
      if (signal.o === this.origin) return;
      this.heardFromOthers++;
      this.othersListening = true;
      for (const userId of signal.u) this.sendTo(userId, signal.f);
    } catch (error) {
      this.options.onError?.(error, 'realtime signal');
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.retired.has(client)) return;
    this.retired.add(client);
    if (this.listener === client) this.listener = undefined;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    // What was announced meanwhile is found by the idle reads.
    setTimeout(() => void this.listen(), 1000).unref();
  }
}

/** Splits ids into groups whose JSON stays under `bytes` (uuids are 36 characters). */
function chunkByBytes(ids: readonly string[], bytes: number): string[][] {
  const perChunk = Math.max(1, Math.floor(bytes / 40));
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += perChunk) chunks.push(ids.slice(i, i + perChunk));
  return chunks;
}
