import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '../../../contracts/notification-types';
import { requestJson, requestPath, server } from '../../test/msw';
import {
  base64UrlToBytes,
  getPushState,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  PushError,
  subscribeToPush,
  unsubscribeFromPush,
} from './push';

afterEach(() => vi.unstubAllGlobals());

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding (a VAPID public key)', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1, 2, 3]);
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(base64url).toContain('-');
    expect([...base64UrlToBytes(base64url)]).toEqual([...bytes]);
  });
});

describe('push state (spec §4)', () => {
  it('is unsupported without a service worker or push manager', async () => {
    vi.stubGlobal('PushManager', undefined);
    // happy-dom has neither push nor a service worker container.
    expect((await getPushState()).state).toBe('unsupported');
    await expect(subscribeToPush()).rejects.toMatchObject({
      kind: 'unsupported',
      title: NOTIFICATION_MESSAGES.pushUnsupported,
    });
  });

  it('PushError carries the spec §8 title', () => {
    const error = new PushError('denied', NOTIFICATION_MESSAGES.pushDeniedTitle, 'x');
    expect(error.title).toBe('Permission Denied');
    expect(error).toBeInstanceOf(Error);
  });
});

describe('subscribeToPush / unsubscribeFromPush (spec §4)', () => {
  const KEY_BYTES = new Uint8Array(65).fill(4);
  const KEY = btoa(String.fromCharCode(...KEY_BYTES))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

  function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission) {
    const subscription = {
      endpoint: 'https://push.example/abc',
      options: { applicationServerKey: KEY_BYTES.buffer },
      toJSON: () => ({
        endpoint: 'https://push.example/abc',
        keys: { p256dh: 'p'.repeat(20), auth: 'a'.repeat(8) },
      }),
      unsubscribe: vi.fn(async () => true),
    };
    let current: typeof subscription | null = null;
    const pushManager = {
      getSubscription: vi.fn(async () => current),
      subscribe: vi.fn(async () => {
        current = subscription;
        return subscription;
      }),
    };
    const registration = { pushManager };
    const serviceWorker = {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    };
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('isSecureContext', true);
    const requestPermission = vi.fn(async () => answer);
    vi.stubGlobal('Notification', { permission, requestPermission });
    const calls: { url: string; method: string; body: unknown }[] = [];
    server.use(
      http.all('/api/*', async ({ request }) => {
        const url = requestPath(request);
        calls.push({ url, method: request.method, body: await requestJson(request) });
        if (url === '/api/push/public-key') return HttpResponse.json({ key: KEY });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return { serviceWorker, pushManager, subscription, requestPermission, calls };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks permission, registers /sw.js at scope /, subscribes with the VAPID key and saves it', async () => {
    const browser = fakeBrowser('default', 'granted');
    await subscribeToPush();
    expect(browser.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options[0].userVisibleOnly).toBe(true);
    expect([...options[0].applicationServerKey]).toEqual([...KEY_BYTES]);
    expect(browser.calls.at(-1)).toEqual({
      url: '/api/push/subscriptions',
      method: 'POST',
      body: {
        endpoint: 'https://push.example/abc',
        keys: { p256dh: 'p'.repeat(20), auth: 'a'.repeat(8) },
      },
    });
  });

  it('stops with Permission Denied when the visitor refuses', async () => {
    const browser = fakeBrowser('default', 'denied');
    await expect(subscribeToPush()).rejects.toMatchObject({
      kind: 'denied',
      title: NOTIFICATION_MESSAGES.pushDeniedTitle,
      message: NOTIFICATION_MESSAGES.pushDenied,
    });
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
  });

  it('reports Subscription Failed when the browser cannot subscribe', async () => {
    const browser = fakeBrowser('granted', 'granted');
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    await expect(subscribeToPush()).rejects.toMatchObject({
      kind: 'failed',
      title: NOTIFICATION_MESSAGES.pushSaveFailed,
      message: 'The browser could not reach its push service. Please try again later.',
    });
  });

  it('says why a private window cannot subscribe', async () => {
    const browser = fakeBrowser('granted', 'granted');
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - permission denied', 'NotAllowedError'),
    );
    await expect(subscribeToPush()).rejects.toMatchObject({
      title: NOTIFICATION_MESSAGES.pushSaveFailed,
      message: expect.stringContaining('private and guest windows') as string,
    });
  });

  it('gives up on a push service that never answers', async () => {
    const browser = fakeBrowser('granted', 'granted');
    browser.pushManager.subscribe.mockReturnValueOnce(new Promise(() => undefined));
    vi.useFakeTimers();
    try {
      const result = subscribeToPush().catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS);
      expect(await result).toMatchObject({
        title: NOTIFICATION_MESSAGES.pushSaveFailed,
        message: "The browser's push service did not answer. Please try again later.",
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's message when saving the subscription fails", async () => {
    const browser = fakeBrowser('granted', 'granted');
    server.use(
      http.post('/api/push/subscriptions', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION_FAILED', message: 'Endpoint must be https' } },
          { status: 400 },
        ),
      ),
    );
    await expect(subscribeToPush()).rejects.toMatchObject({ message: 'Endpoint must be https' });
    expect(browser.pushManager.subscribe).toHaveBeenCalled();
  });

  it('knows the states: default, unsubscribed, subscribed, denied', async () => {
    fakeBrowser('default', 'granted');
    expect((await getPushState()).state).toBe('default');
    const browser = fakeBrowser('granted', 'granted');
    expect((await getPushState()).state).toBe('unsubscribed');
    await subscribeToPush();
    expect(await getPushState()).toEqual({
      state: 'subscribed',
      endpoint: browser.subscription.endpoint,
    });
    fakeBrowser('denied', 'denied');
    expect((await getPushState()).state).toBe('denied');
  });

  it('unsubscribing removes it from the server and then from the browser', async () => {
    const browser = fakeBrowser('granted', 'granted');
    await subscribeToPush();
    await unsubscribeFromPush();
    expect(browser.calls.at(-1)).toEqual({
      url: '/api/push/subscriptions',
      method: 'DELETE',
      body: { endpoint: 'https://push.example/abc' },
    });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });
});
