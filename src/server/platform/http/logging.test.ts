import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerErrorHandling } from './errors';
import { chooseLogFormat, loggingOptions, type LogFormat } from './logging';

/** An app logging in `format` into a buffer, with a route that fails and one that works. */
async function appLoggingAs(format: LogFormat) {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const app = Fastify(loggingOptions({ LOG_LEVEL: 'info' }, format, output));
  registerErrorHandling(app);
  app.get('/api/events', async () => ({ items: [] }));
  app.get('/api/boom', async () => {
    throw new Error('disk full on /var/data');
  });
  await app.ready();
  return {
    app,
    /**
     * What was logged, once `ready` says the lines the test waits for are there (pino-pretty
     * writes on later turns of the event loop).
     */
    lines(ready: (lines: string[]) => boolean) {
      return vi.waitFor(() => {
        const lines = text.split('\n').filter(Boolean);
        if (!ready(lines)) throw new Error(`not logged yet:\n${text}`);
        return lines;
      });
    },
  };
}

describe('log format', () => {
  it('is pretty only for a terminal outside production', () => {
    expect(chooseLogFormat({ isProduction: false }, { isTTY: true })).toBe('pretty');
    expect(chooseLogFormat({ isProduction: false }, { isTTY: false })).toBe('json');
    expect(chooseLogFormat({ isProduction: false }, {})).toBe('json');
    expect(chooseLogFormat({ isProduction: true }, { isTTY: true })).toBe('json');
  });

  it('prints one short human line per request in a terminal, and errors in full', async () => {
    const { app, lines } = await appLoggingAs('pretty');
    await app.inject({ url: '/api/events?token=abc', headers: { cookie: 'mea_session=s' } });
    await app.inject({ url: '/api/boom' });
    await app.close();
    const logged = await lines(
      (logged) =>
        logged.filter((line) => / GET \/api\//.test(line)).length >= 2 &&
        logged.some((line) => line.includes('disk full on /var/data')),
    );

    const requestLines = logged.filter((line) => / GET \/api\//.test(line));
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/events 200 \d+\.\d ms$/);
    expect(requestLines[1]).toMatch(/INFO: GET \/api\/boom 500 \d+\.\d ms$/);
    // No JSON objects, no query string (it may hold a token), no cookie.
    expect(logged.some((line) => line.startsWith('{'))).toBe(false);
    expect(logged.join('\n')).not.toContain('token=abc');
    expect(logged.join('\n')).not.toContain('mea_session');
    // The error: its message and its stack, line by line.
    const all = logged.join('\n');
    expect(all).toMatch(/ERROR: request failed/);
    expect(all).toContain('disk full on /var/data');
    expect(logged.filter((line) => /^\s+at /.test(line)).length).toBeGreaterThan(1);
  });

  it('stays one JSON object per line otherwise', async () => {
    const { app, lines } = await appLoggingAs('json');
    await app.inject({ url: '/api/events' });
    await app.close();
    const logged = (
      await lines((logged) => logged.some((l) => l.includes('request completed')))
    ).map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = logged.find((entry) => entry.msg === 'request completed');
    expect(completed).toMatchObject({ res: { statusCode: 200 } });
    expect(logged.find((entry) => entry.msg === 'incoming request')).toMatchObject({
      req: { method: 'GET', url: '/api/events' },
    });
  });
});
