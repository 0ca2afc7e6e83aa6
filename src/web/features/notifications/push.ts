import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { apiGet, errorMessage } from '../../lib/api-client';
import { deletePushSubscription, savePushSubscription } from './api';
import { NOTICES } from './texts';
import type { VapidKey } from '../../../contracts/notifications';

// spec §4 "Push": unsupported / permission default / granted and subscribed / unsubscribed.
// Subscribing asks for permission, registers the service worker (/sw.js, scope /), creates a
// subscription with our VAPID key and saves it; unsubscribing removes it from the browser and
// from the server.

export type PushState = 'unsupported' | 'denied' | 'default' | 'subscribed' | 'unsubscribed';

export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
/**
 * A browser whose push service cannot be reached (offline, blocked) may never settle
 * `pushManager.subscribe`; after this long the page says so instead of spinning forever.
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 30_000;

/** Why subscribing failed, with the spec §8 title to show. */
export class PushError extends Error {
  override readonly name = 'PushError';
  constructor(
    readonly kind: 'unsupported' | 'denied' | 'failed',
    readonly title: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesEqual(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands; `endpoint` when it holds a subscription. */
export async function getPushState(): Promise<{ state: PushState; endpoint?: string }> {
  if (!isPushSupported()) return { state: 'unsupported' };
  if (Notification.permission === 'denied') return { state: 'denied' };
  if (Notification.permission === 'default') return { state: 'default' };
  const subscription = await currentSubscription().catch(() => null);
  return subscription
    ? { state: 'subscribed', endpoint: subscription.endpoint }
    : { state: 'unsubscribed' };
}

class PushTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What went wrong, in words a person can act on (the browser's own text is terse). */
export function pushFailureText(error: unknown): string {
  if (error instanceof PushTimeout)
    return i18n._(msg`The browser's push service did not answer. Please try again later.`);
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return i18n._(
      msg`This browser window cannot receive push notifications (private and guest windows never can).`,
    );
  if (error instanceof DOMException && error.name === 'AbortError')
    return i18n._(msg`The browser could not reach its push service. Please try again later.`);
  return errorMessage(error, i18n._(msg`Please try again.`));
}

function failed(error: unknown): PushError {
  return new PushError('failed', i18n._(NOTICES.pushSaveFailed), pushFailureText(error), {
    cause: error,
  });
}

/** Subscribes this browser and saves the subscription on the server. Throws PushError. */
export async function subscribeToPush(): Promise<PushSubscription> {
  if (!isPushSupported()) {
    throw new PushError(
      'unsupported',
      i18n._(NOTICES.pushUnsupported),
      i18n._(msg`This browser cannot receive push notifications.`),
    );
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushError('denied', i18n._(NOTICES.pushDeniedTitle), i18n._(NOTICES.pushDenied));
  }
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const { key } = await apiGet<VapidKey>('/api/push/public-key');
    const applicationServerKey = base64UrlToBytes(key);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another key (the server's keys were replaced) cannot be used.
    if (
      subscription &&
      !bytesEqual(subscription.options.applicationServerKey, applicationServerKey)
    ) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
      PUSH_SUBSCRIBE_TIMEOUT_MS,
    );
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
      throw new Error('The browser returned an incomplete subscription.');
    }
    await savePushSubscription({
      endpoint: json.endpoint,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    });
    return subscription;
  } catch (error) {
    throw failed(error);
  }
}

/** Removes this browser's subscription from the server and from the browser. */
export async function unsubscribeFromPush(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  } catch (error) {
    throw new PushError(
      'failed',
      i18n._(NOTICES.pushUnsubscribeFailed),
      errorMessage(error, i18n._(msg`Please try again.`)),
      { cause: error },
    );
  }
}
