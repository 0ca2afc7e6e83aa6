import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../../config';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service forgot this subscription (404/410); stop using it. */
export type PushResult = 'sent' | 'gone';

export interface PushSender {
  readonly publicKey: string;
  /** Throws on failures worth retrying (network, 429, 5xx). */
  send(target: PushTarget, payload: string): Promise<PushResult>;
}

const TTL_SECONDS = 24 * 60 * 60;

/**
 * web-push with our VAPID keys: encrypts the payload (aes128gcm) for the subscription's keys and
 * signs the request for its push service. `agent` lets tests reach a local HTTPS fake.
 */
export function createPushSender(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  options: { agent?: Agent } = {},
): PushSender {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (!publicKey || !privateKey) throw new Error('VAPID keys were not resolved at start');
  return {
    publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            TTL: TTL_SECONDS,
            vapidDetails: { subject: config.VAPID_SUBJECT, publicKey, privateKey },
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
          return 'gone';
        throw error;
      }
    },
  };
}
