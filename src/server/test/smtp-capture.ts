import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent, headers and attachments included. */
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps every message it is sent. Tests use it when
 * they read what the captured-mail table does not keep (attachments, the raw MIME) or prove the
 * SMTP transport itself. Start it in a `beforeAll` registered before the app's, and pass `url`
 * as the app's SMTP_URL.
 */
export class SmtpCapture {
  readonly received: ReceivedMail[] = [];
  private server?: SMTPServer;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
  }

  get url(): string {
    if (!this.server) throw new Error('the SMTP capture is not started');
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}?tls=off`;
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
