import type { ServerFrame } from '../../../contracts/realtime';
import type { AuthUser } from '../auth/sessions';

/** The signed-in person behind a realtime socket, as a module's message handler sees it. */
export interface SocketPeer {
  user: AuthUser;
  /** A frame to this socket only (a refusal, an answer). */
  send(frame: ServerFrame): void;
  /** Runs once when this socket closes (a module forgets what the socket followed). */
  onClose(listener: () => void): void;
}

export type SocketMessageHandler = (message: Record<string, unknown>, peer: SocketPeer) => unknown;

/**
 * What browsers may send up the realtime socket (`{ "type": …, … }` JSON text), by type. A module
 * registers its own types from its routes (`ctx.socketMessages.handle`); the socket hands each
 * message over as it arrives. A frame whose type nobody handles, or that is not a JSON object,
 * is ignored: the socket's answer to nonsense is silence, never a close.
 */
export class SocketMessages {
  private readonly handlers = new Map<string, SocketMessageHandler>();

  handle(type: string, handler: SocketMessageHandler): void {
    if (this.handlers.has(type)) throw new Error(`socket message ${type} is handled twice`);
    this.handlers.set(type, handler);
  }

  dispatch(data: string, peer: SocketPeer, onError: (error: unknown) => void): void {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const type = (message as { type?: unknown }).type;
    const handler = typeof type === 'string' ? this.handlers.get(type) : undefined;
    if (!handler) return;
    try {
      const result = handler(message as Record<string, unknown>, peer);
      if (result instanceof Promise) result.catch(onError);
    } catch (error) {
      onError(error);
    }
  }
}
