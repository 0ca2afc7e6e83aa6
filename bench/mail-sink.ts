// The mail benchmark's SMTP sink, in its own process (as a real relay would be): accepts every
// mail, counts it, and reports to the parent when each watched recipient's mail arrived.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SinkMessage =
  | { type: 'listening'; port: number }
  | { type: 'arrived'; to: string; at: number }
  | { type: 'count'; count: number; firstAt: number; lastAt: number };

const send = (message: SinkMessage) => process.send?.(message);

let count = 0;
let firstAt = 0;
let lastAt = 0;
const watched = (to: string) => to.startsWith('watch-');

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      const at = Date.now();
      for (const r of session.envelope.rcptTo) {
        if (watched(r.address)) send({ type: 'arrived', to: r.address, at });
        else {
          count++;
          firstAt ||= at;
          lastAt = at;
        }
      }
      callback();
    });
  },
});

process.on('message', (message: { type: 'report' } | { type: 'reset' } | { type: 'stop' }) => {
  if (message.type === 'report') send({ type: 'count', count, firstAt, lastAt });
  else if (message.type === 'reset') count = firstAt = lastAt = 0;
  else server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => {
  send({ type: 'listening', port: (server.server.address() as AddressInfo).port });
});
