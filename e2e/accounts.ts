import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { UserType } from '../src/contracts/enums';

// Helpers for the account journeys: fresh accounts, the dev mailbox, a tiny PNG.

export const PASSWORD = 'journey-pass-1';

let counter = 0;
/** A unique address per call and per run, so journeys never collide with each other or a rerun. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

interface CapturedMail {
  subject: string;
  text: string;
}

/**
 * Waits for the newest mail to `to` whose text holds a link containing `linkPart` (mail goes
 * out from a background job within a second or two) and returns that link.
 */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  linkPart: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { emails } = (await response.json()) as { emails: CapturedMail[] };
        for (const mail of emails) {
          link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(linkPart));
          if (link) return true;
        }
        return false;
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  if (!link) throw new Error(`no ${linkPart} link mailed to ${to}`);
  return link;
}

const SERVICE: Record<UserType, string> = {
  attendee: 'Music',
  organizer: 'Festivals',
  vendor: 'DJ',
  venue: 'Club',
};

/** Creates and confirms an account through the API (for journeys that are not about sign-up). */
export async function createConfirmedAccount(
  page: Page,
  { userType = 'attendee', label = userType }: { userType?: UserType; label?: string } = {},
): Promise<{ email: string; password: string; fullName: string }> {
  const email = uniqueEmail(label);
  const fullName = `Journey ${label}`;
  const response = await page.request.post('/api/auth/sign-up', {
    data: {
      fullName,
      email,
      phone: '+1 555 0199',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userType,
      service: SERVICE[userType],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const link = await mailedLink(page.request, email, '/api/auth/confirm');
  const confirmed = await page.request.get(link, { maxRedirects: 0 });
  expect(confirmed.headers().location).toBe('/?account=confirmed');
  return { email, password: PASSWORD, fullName };
}

export async function signInByApi(page: Page, email: string, password = PASSWORD) {
  const response = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

// A valid PNG of one colour, built by hand so the test needs no image files or libraries.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
export function solidPng(size = 32, rgb: [number, number, number] = [109, 40, 217]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chromium's virtual platform authenticator (CDP), which makes passkeys available on the page. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
