// Child process of bench/rides.ts: every driver sends their position over HTTP once a second
// (open loop: a slow answer never delays the next send), the latitude carrying the wall-clock
// millisecond it was sent (see encodeSentAt), as a driver's phone on the road would.
import WebSocket from 'ws';
import { encodeSentAt } from './location-codec';
import { Connection } from './pipelined-http';

export interface LocationJob {
  base: string;
  drivers: { cookie: string; rideId: string }[];
  /** Updates per second in total (one per driver per second). */
  rate: number;
  seconds: number;
  /** Up each driver's realtime socket (the page's way) or as HTTP PUTs (its fallback). */
  via?: 'socket' | 'http';
}

export interface LocationSendResult {
  sent: number;
  sentPerSec: number;
  failed: number;
  statuses: Record<string, number>;
  answeredP50Ms: number;
  answeredP99Ms: number;
}

const TICK_MS = 5;
const CONNECTIONS = 64;

// Socket mode: each driver's socket opens once (the first job, the warm-up) and stays open.
let driverSockets: WebSocket[] | undefined;
let refused = 0;
async function openDriverSockets(job: LocationJob): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < job.drivers.length; i += 250) {
    const wave = job.drivers.slice(i, i + 250).map(
      (driver) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${job.base.replace('http', 'ws')}/api/realtime`, {
            headers: { cookie: driver.cookie, origin: job.base },
            perMessageDeflate: false,
          });
          ws.on('message', (data: Buffer) => {
            if (data.toString('latin1', 0, 30).startsWith('{"type":"ride_location_refused"'))
              refused += 1;
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    );
    sockets.push(...(await Promise.all(wave)));
  }
  return sockets;
}

async function sendOverSockets(job: LocationJob): Promise<LocationSendResult> {
  driverSockets ??= await openDriverSockets(job);
  const sockets = driverSockets;
  const total = job.rate * job.seconds;
  refused = 0;
  let sent = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * job.rate));
      for (; sent < due; sent++) {
        const index = sent % job.drivers.length;
        const sentAt = performance.timeOrigin + performance.now();
        sockets[index]?.send(
          JSON.stringify({
            type: 'ride_location',
            rideId: job.drivers[index]?.rideId,
            lat: encodeSentAt(sentAt),
            lng: -122.27 + (sent % 100) * 1e-4,
          }),
        );
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  // Refusals come back on the driver's socket; a moment for the last ones.
  await new Promise((r) => setTimeout(r, 200));
  const seconds = (performance.now() - start) / 1000;
  return {
    sent,
    sentPerSec: Math.round(sent / seconds),
    failed: refused,
    statuses: { '200': sent - refused },
    answeredP50Ms: 0,
    answeredP99Ms: 0,
  };
}

process.on('message', (job: LocationJob) => {
  if (job.via === 'socket') {
    sendOverSockets(job).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error('location sender:', error);
        process.exit(1);
      },
    );
    return;
  }
  const url = new URL(job.base);
  const total = job.rate * job.seconds;
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const statuses: Record<number, number> = {};
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
    const result: LocationSendResult = {
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
          console.error('location sender:', error.message);
          failed += 1;
          finish();
        },
      ),
  );

  const sendOne = (index: number) => {
    const driver = job.drivers[index % job.drivers.length];
    if (!driver) return;
    const sentAt = performance.timeOrigin + performance.now();
    const body = JSON.stringify({ lat: encodeSentAt(sentAt), lng: -122.27 + (index % 100) * 1e-4 });
    let connection = connections[0];
    for (const candidate of connections) {
      if (connection && candidate.pending.length < connection.pending.length)
        connection = candidate;
    }
    connection?.write(
      `PUT /api/rides/${driver.rideId}/location HTTP/1.1\r\nhost: ${url.host}\r\n` +
        `cookie: ${driver.cookie}\r\norigin: ${job.base}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };

  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * job.rate));
    while (sent < due) sendOne(sent++);
    if (sent >= total) clearInterval(timer);
  }, TICK_MS);
});
