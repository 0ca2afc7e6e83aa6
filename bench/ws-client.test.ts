import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WebSocket, WebSocketServer } from 'ws';
import { wsServers } from '../src/server/test/ws-server';
import { openSocket, readFrames } from './ws-client';

// The benchmarks' WebSocket client against the `ws` package's server.

const startServer = wsServers();
let server: WebSocketServer | undefined;

async function listen(onConnection: (socket: WebSocket) => void): Promise<string> {
  const started = await startServer();
  server = started.server;
  server.on('connection', onConnection);
  return `ws://127.0.0.1:${started.port}/path?x=1`;
}

describe('readFrames', () => {
  it('returns the bytes of a frame split across reads, and reads it whole once it is complete', () => {
    const payload = Buffer.alloc(300, 'a');
    const frame = Buffer.concat([Buffer.from([0x81, 126, 1, 44]), payload]);
    const seen: string[] = [];
    const rest = readFrames(frame.subarray(0, 100), (_fin, _op, data) => seen.push(String(data)));
    expect(seen).toEqual([]);
    expect(rest.length).toBe(100);
    const none = readFrames(Buffer.concat([rest, frame.subarray(100)]), (fin, op, data) =>
      seen.push(`${fin} ${op} ${data.length}`),
    );
    expect(seen).toEqual(['true 1 300']);
    expect(none.length).toBe(0);
  });

  it('refuses a masked frame from the server', () => {
    expect(() => readFrames(Buffer.from([0x81, 0x81, 1, 2, 3, 4, 5]), () => {})).toThrow(
      'must not be masked',
    );
  });
});

describe('openSocket', () => {
  it('sends the headers, waits for the first message, then gets every message whole', async () => {
    let headers: Record<string, string | string[] | undefined> = {};
    const big = 'b'.repeat(70_000); // a 64-bit length
    const url = await listen((socket) => {
      socket.send('{"type":"ready"}');
      socket.send('small');
      socket.send(big);
      socket.send('frag', { fin: false });
      socket.send('mented', { fin: true });
    });
    server?.on('headers', (_lines, request) => (headers = request.headers));
    const received: string[] = [];
    const done = new Promise<void>((resolve) => {
      void openSocket(url, { cookie: 'mea_session=x' }, (data) => {
        received.push(String(data));
        if (received.length === 3) resolve();
      });
    });
    await done;
    expect(headers.cookie).toBe('mea_session=x');
    expect(received).toEqual(['small', big, 'fragmented']);
  });

  it('answers a ping with a pong carrying its payload', async () => {
    let serverSide: WebSocket | undefined;
    const url = await listen((socket) => {
      serverSide = socket;
      socket.send('ready');
    });
    const client = await openSocket(url, {}, () => {});
    const pong = new Promise<string>((resolve) =>
      serverSide?.once('pong', (data) => resolve(String(data))),
    );
    serverSide?.ping('are you there');
    expect(await pong).toBe('are you there');
    client.terminate();
  });

  it('rejects when the server closes before its first message', async () => {
    const url = await listen((socket) => socket.close(4401, 'Sign in'));
    await expect(openSocket(url, {}, () => {})).rejects.toThrow('closed 4401');
  });

  it('rejects a server that does not upgrade', async () => {
    const http = await import('node:http');
    const plain = http.createServer((_request, response) => response.writeHead(401).end());
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const { port } = plain.address() as AddressInfo;
    await expect(openSocket(`ws://127.0.0.1:${port}/`, {}, () => {})).rejects.toThrow(
      'handshake refused: HTTP/1.1 401',
    );
    plain.close();
  });
});
