import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contracts/ids';

// The emailed download link of a background export: the export's id, when the link ends, and
// a MAC over both and the organizer who asked for it. The download route also wants that
// organizer signed in, so a forwarded mail opens nothing for anyone else.

const mac = (key: Buffer, exportId: string, userId: string, expiresSec: number) =>
  createHmac('sha256', key)
    .update(`${exportId}.${userId}.${expiresSec}`)
    .digest('base64url')
    .slice(0, 32);

export function exportLinkToken(
  key: Buffer,
  params: { exportId: string; userId: string; expiresAt: Date },
): string {
  const expiresSec = Math.floor(params.expiresAt.getTime() / 1000);
  return `${params.exportId}.${expiresSec}.${mac(key, params.exportId, params.userId, expiresSec)}`;
}

/** The export id and expiry a token names, before its MAC is checked against the owner. */
export function readExportLinkToken(token: string) {
  const [exportId, expires, given] = token.split('.');
  if (!exportId || !isUuid(exportId) || !expires || !/^\d{1,12}$/.test(expires) || !given)
    return null;
  const expiresSec = Number(expires);
  return {
    exportId: exportId.toLowerCase(),
    expiresAt: new Date(expiresSec * 1000),
    /** Whether the MAC was made for this owner. */
    signedFor(key: Buffer, userId: string) {
      const expected = Buffer.from(mac(key, exportId.toLowerCase(), userId, expiresSec));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
