import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { wsServers } from '../../test/ws-server';
import { directSocket, PING_FRAME, textFrame, writeFrames } from './text-frame';

// Frames written straight to the TCP socket, read by ws's own client.

const startServer = wsServers();

/** A ws server and a ws client connected to it: the server's socket and what the client gets. */
async function connect() {
  const { server, port } = await startServer();
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const got: string[] = [];
  client.on('message', (data) => got.push(String(data)));
  client.on('ping', () => got.push('(ping)'));
  await new Promise((resolve) => client.once('open', resolve));
  const until = (count: number) =>
    vi.waitFor(() => {
      if (got.length < count) throw new Error(`${got.length} of ${count} frames so far`);
      return got;
    });
  return { socket: await accepted, client, got, until };
}

describe('textFrame', () => {
  it('writes the header for each length form (7-bit, 16-bit, 64-bit) and the text as UTF-8', () => {
    expect([...textFrame('hi')]).toEqual([0x81, 2, 104, 105]);
    expect([...textFrame('é').subarray(0, 2)]).toEqual([0x81, 2]);
    expect([...textFrame('a'.repeat(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect([...textFrame('a'.repeat(65_535)).subarray(0, 4)]).toEqual([0x81, 126, 255, 255]);
    const big = textFrame('a'.repeat(65_536));
    expect([...big.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(big.length).toBe(65_546);
  });
});

describe('directSocket', () => {
  it('sends frames a ws client reads whole, in order with ws’s own sends and pings', async () => {
    const { socket, until } = await connect();
    const direct = directSocket(socket);
    const long = `{"text":"${'ü'.repeat(40_000)}"}`;
    direct.send('{"n":1,"title":"Café 🎉"}');
    socket.send('{"n":2}');
    direct.send(long);
    socket.ping();
    writeFrames(socket, Buffer.concat([PING_FRAME, textFrame('{"n":3}')]));
    direct.send('{"n":4}');
    expect(await until(7)).toEqual([
      '{"n":1,"title":"Café 🎉"}',
      '{"n":2}',
      long,
      '(ping)',
      '(ping)',
      '{"n":3}',
      '{"n":4}',
    ]);
  });

  it('reports what the socket holds unsent, as ws counts it', async () => {
    const { socket } = await connect();
    const direct = directSocket(socket);
    expect(direct.bufferedAmount).toBe(0);
    // More than the kernel takes at once: the rest waits in the socket.
    direct.send('x'.repeat(32 * 1024 * 1024));
    expect(direct.bufferedAmount).toBeGreaterThan(0);
    expect(direct.bufferedAmount).toBe(socket.bufferedAmount);
  });

  it('writes nothing once the socket is closing, and closes through ws', async () => {
    const { socket, client, got } = await connect();
    const tcp = (socket as unknown as { _socket: Socket })._socket;
    const direct = directSocket(socket);
    const closed = new Promise<number>((resolve) => client.once('close', resolve));
    direct.close(4408, 'Too far behind');
    const written = tcp.bytesWritten;
    direct.send('{"late":true}');
    expect(tcp.bytesWritten).toBe(written);
    expect(await closed).toBe(4408);
    expect(got).toEqual([]);
  });

  it('falls back to ws’s send for a socket without a TCP socket of its own', () => {
    const sent: string[] = [];
    const fake = { readyState: 1, OPEN: 1, send: (data: string) => sent.push(data) };
    directSocket(fake as unknown as WebSocket).send('{"n":1}');
    expect(sent).toEqual(['{"n":1}']);
  });
});
