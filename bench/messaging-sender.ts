// Child process of bench/messaging.ts: sends messages over HTTP at a fixed rate (open loop: a
// slow answer never delays the next send), each carrying the wall-clock time it was sent.
//
// A minimal HTTP/1.1 client on kept-alive sockets, requests pipelined, rather than node:http:
// the load generator shares the 2 cores with the server it measures, and node:http's client
// took ~40% of a core for 2,000 requests a second, CPU the server then did not have.
import { Connection } from './pipelined-http';

export interface Job {
  base: string;
  senders: { cookie: string; chatId: string }[];
  rate: number;
  seconds: number;
  /** Makes client ids unique across rounds. */
  round: number;
}

const TICK_MS = 5;
const CONNECTIONS = 64;

export interface SendResult {
  sent: number;
  sentPerSec: number;
  failed: number;
  statuses: Record<string, number>;
  answeredP50Ms: number;
  answeredP99Ms: number;
}

process.on('message', (job: Job) => {
  const url = new URL(job.base);
  const total = job.rate * job.seconds;
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const statuses: Record<number, number> = {};
  /** Milliseconds from sending each request to its answer (the server's share of the latency). */
  const answeredMs: number[] = [];
  const start = performance.now();

  const finish = () => {
    answered += 1;
    if (answered !== total) return;
    const seconds = (performance.now() - start) / 1000;
    answeredMs.sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round(
        answeredMs[Math.min(answeredMs.length - 1, Math.floor(p * answeredMs.length))] ?? 0,
      );
    const result: SendResult = {
      sent,
      sentPerSec: Math.round(sent / seconds),
      failed,
      statuses,
      answeredP50Ms: at(0.5),
      answeredP99Ms: at(0.99),
    };
    process.send?.(result);
    for (const connection of connections) connection.close();
  };

  const connections = Array.from(
    { length: CONNECTIONS },
    () =>
      new Connection(
        Number(url.port),
        url.hostname,
        (status, startedAt) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          answeredMs.push(performance.now() - startedAt);
          finish();
        },
        (error) => {
          console.error('sender:', error.message);
          failed += 1;
          finish();
        },
      ),
  );

  const sendOne = (index: number) => {
    const sender = job.senders[index % job.senders.length];
    if (!sender) return;
    const sentAt = performance.timeOrigin + performance.now();
    const body = JSON.stringify({ body: `bench ${sentAt}`, clientId: `b-${job.round}-${index}` });
    // The connection with the fewest answers owed, so one slow answer holds back few others.
    let connection = connections[0];
    for (const candidate of connections) {
      if (connection && candidate.pending.length < connection.pending.length)
        connection = candidate;
    }
    connection?.write(
      `POST /api/chats/${sender.chatId}/messages HTTP/1.1\r\nhost: ${url.host}\r\n` +
        `cookie: ${sender.cookie}\r\norigin: ${job.base}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };

  const timer = setInterval(() => {
    // Catch up to where the schedule says we should be (timers drift under load).
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * job.rate));
    while (sent < due) sendOne(sent++);
    if (sent >= total) clearInterval(timer);
  }, TICK_MS);
});
