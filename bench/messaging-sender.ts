// Child process of bench/messaging.ts: sends messages over HTTP at a fixed rate (open loop: a
// slow answer never delays the next send), each carrying the wall-clock time it was sent.
import http from 'node:http';

interface Job {
  base: string;
  senders: { cookie: string; chatId: string }[];
  rate: number;
  seconds: number;
  /** Makes client ids unique across rounds. */
  round: number;
}

const TICK_MS = 5;

process.once('message', (job: Job) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const url = new URL(job.base);
  const total = job.rate * job.seconds;
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const statuses: Record<number, number> = {};
  /** Milliseconds from sending each request to its answer (the server's share of the latency). */
  const answeredMs: number[] = [];
  const start = performance.now();

  const sendOne = (index: number) => {
    const sender = job.senders[index % job.senders.length];
    if (!sender) return;
    const sentAt = performance.timeOrigin + performance.now();
    const requestStart = performance.now();
    const body = JSON.stringify({ body: `bench ${sentAt}`, clientId: `b-${job.round}-${index}` });
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/chats/${sender.chatId}/messages`,
        method: 'POST',
        agent,
        headers: {
          cookie: sender.cookie,
          origin: job.base,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
        response.resume();
        response.on('end', () => {
          answeredMs.push(performance.now() - requestStart);
          finish();
        });
      },
    );
    request.on('error', () => {
      failed += 1;
      finish();
    });
    request.end(body);
  };

  const finish = () => {
    answered += 1;
    if (answered === total) {
      const seconds = (performance.now() - start) / 1000;
      answeredMs.sort((a, b) => a - b);
      const at = (p: number) =>
        Math.round(
          answeredMs[Math.min(answeredMs.length - 1, Math.floor(p * answeredMs.length))] ?? 0,
        );
      process.send?.({
        sent,
        sentPerSec: Math.round(sent / seconds),
        failed,
        statuses,
        answeredP50Ms: at(0.5),
        answeredP99Ms: at(0.99),
      });
      agent.destroy();
    }
  };

  const timer = setInterval(() => {
    // Catch up to where the schedule says we should be (timers drift under load).
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * job.rate));
    while (sent < due) sendOne(sent++);
    if (sent >= total) clearInterval(timer);
  }, TICK_MS);
});
