import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { WebSocketServer } from 'ws';

/**
 * Plain `ws` servers on free loopback ports for the tests of one file: call it at the top of the
 * file, then start a server in a test; each is closed (its clients dropped) after that test.
 */
export function wsServers(): () => Promise<{ server: WebSocketServer; port: number }> {
  const open: WebSocketServer[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) {
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    open.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };
}
