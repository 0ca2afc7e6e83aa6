import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { ServerFrame } from '../../contracts/realtime';
import type { TestApp } from './test-app';

/** A socket client that keeps every frame and can wait for the one a test expects. */
export class RealtimeClient {
  frames: ServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];
  readonly socket: WebSocket;

  constructor(app: TestApp, options: { cookie?: string; since?: number; origin?: string } = {}) {
    const { port } = app.app.server.address() as AddressInfo;
    const query = options.since === undefined ? '' : `?since=${options.since}`;
    this.socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime${query}`, {
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        origin: options.origin ?? app.config.PUBLIC_URL,
      },
    });
    this.socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as ServerFrame);
      this.wake();
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  async waitFor<T>(find: (client: RealtimeClient) => T | undefined, ms = 3000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = find(this);
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`timed out; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  notification(id: string, op: 'INSERT' | 'UPDATE') {
    return this.waitFor((c) => {
      for (const frame of c.frames) {
        if (frame.type !== 'notifications') continue;
        const event = frame.events.find((e) => e.notification.id === id && e.op === op);
        if (event) return event.notification;
      }
      return undefined;
    });
  }

  ready() {
    return this.waitFor((c) => {
      const frame = c.frames.find((f) => f.type === 'ready');
      return frame?.type === 'ready' ? frame : undefined;
    });
  }

  close() {
    this.socket.close();
  }
}
