import type { ServerFrame } from '../../../contracts/realtime';
import type { RealtimeHub } from '../../platform/realtime/hub';
import type { SocketPeer } from '../../platform/realtime/socket-messages';

type SaleFrame = Extract<ServerFrame, { type: 'box_office_sale' }>;
type SaleWatcher = Pick<SocketPeer, 'send' | 'onClose'>;
export type SettledStatus = SaleFrame['status'];

/**
 * The hub recipient the `box_office_sale_signal` trigger (migration 0079) addresses: no person
 * has this id, so its frames reach each process's SaleWatch and never a browser.
 */
const SIGNAL_RECIPIENT = 'door:sales';
/** Sales one socket may wait for at once (a desk waits for one; a few tabs share a socket). */
export const SALES_PER_SOCKET = 4;
/**
 * How often the watched sales are read again, for a signal this process missed (its listening
 * connection was reconnecting when the sale settled). Signals are the way; this is the net.
 */
const RECHECK_MS = 10_000;

/**
 * The desks waiting for a box-office card payment in this process (decision 132). When a watched
 * sale settles, in whichever process the payment webhook, the expiry or the cancel landed, the
 * trigger's signal reaches every process's hub, and the desks watching that sale here are told.
 * A settled sale changes no more, so its watchers are dropped once told.
 */
export class SaleWatch {
  private readonly sales = new Map<string, Set<SaleWatcher>>();
  private readonly byPeer = new Map<SaleWatcher, Set<string>>();
  private readonly detach: () => void;
  private readonly timer: NodeJS.Timeout;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      realtime: Pick<RealtimeHub, 'attach'>;
      /** The sales of these orders that are no longer pending, with their state and event. */
      readSettled: (
        orderIds: string[],
      ) => Promise<{ orderId: string; eventId: string; status: SettledStatus }[]>;
    },
    onError: (error: unknown, context: string) => void,
    recheckMs = RECHECK_MS,
  ) {
    this.detach = deps.realtime.attach(SIGNAL_RECIPIENT, {
      bufferedAmount: 0,
      close: () => {},
      send: (data) => {
        try {
          const frame = JSON.parse(data) as Partial<SaleFrame>;
          if (frame.type === 'box_office_sale' && frame.orderId && frame.eventId && frame.status)
            this.settled(frame as SaleFrame);
        } catch {
          // Not ours.
        }
      },
    });
    this.timer = setInterval(() => {
      if (!this.sales.size) return;
      this.checking ??= this.recheck()
        .catch((error: unknown) => onError(error, 'box-office sale recheck'))
        .finally(() => (this.checking = undefined));
    }, recheckMs);
    this.timer.unref();
  }

  /**
   * Adds the socket to the sale's watchers (the caller checked the person sells at the event's
   * door) and acknowledges: what the desk reads after the acknowledgement is covered by frames.
   */
  watch(peer: SaleWatcher, orderId: string): void {
    let mine = this.byPeer.get(peer);
    if (!mine) {
      this.byPeer.set(peer, (mine = new Set()));
      peer.onClose(() => this.forget(peer));
    }
    if (!mine.has(orderId) && mine.size >= SALES_PER_SOCKET) {
      peer.send({
        type: 'box_office_sale_refused',
        orderId,
        message: `A desk waits for at most ${SALES_PER_SOCKET} sales at once`,
      });
      return;
    }
    mine.add(orderId);
    let watchers = this.sales.get(orderId);
    if (!watchers) this.sales.set(orderId, (watchers = new Set()));
    watchers.add(peer);
    peer.send({ type: 'box_office_sale_watching', orderId });
  }

  unwatch(peer: SaleWatcher, orderId: string): void {
    this.byPeer.get(peer)?.delete(orderId);
    const watchers = this.sales.get(orderId);
    watchers?.delete(peer);
    if (watchers?.size === 0) this.sales.delete(orderId);
  }

  /** Reads the watched sales now (tests, and the timer's net for a missed signal). */
  async recheck(): Promise<void> {
    const ids = [...this.sales.keys()];
    if (!ids.length) return;
    for (const sale of await this.deps.readSettled(ids))
      this.settled({ type: 'box_office_sale', ...sale });
  }

  close(): void {
    clearInterval(this.timer);
    this.detach();
    this.sales.clear();
    this.byPeer.clear();
  }

  private settled(frame: SaleFrame): void {
    const watchers = this.sales.get(frame.orderId);
    if (!watchers) return;
    for (const peer of [...watchers]) {
      peer.send(frame);
      this.unwatch(peer, frame.orderId);
    }
  }

  private forget(peer: SaleWatcher): void {
    for (const orderId of this.byPeer.get(peer) ?? []) this.unwatch(peer, orderId);
    this.byPeer.delete(peer);
  }
}
