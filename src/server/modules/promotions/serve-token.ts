import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contracts/ids';

// A served item's token: `<campaign id>.<serve id>.<issued>.<signature>`, the ids as 16 bytes in
// base64url and the issue time as unix seconds in base 36 (about 75 characters: it sits in the
// click link's path, and Fastify refuses path parameters over 100). The signature proves we
// served it, so a beacon or click can only count items the server handed out; the serve id makes
// a repeated beacon or click on the same serving count once; the issue time lets a token expire,
// so the once-only marks need to be kept only as long as tokens live.
const ID = /^[A-Za-z0-9_-]{22}$/;
const ISSUED = /^[0-9a-z]{1,10}$/;

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
const packId = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
function unpackId(packed: string): string {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function issueServeToken(key: Buffer, campaignId: string, now: Date): string {
  if (!isUuid(campaignId)) throw new Error('not a campaign id');
  // A version-4 UUID, so the serve id reads back as a well-formed uuid. randomUUID draws from a
  // cached block of randomness; randomBytes(16) asked the system for each served item.
  const serveId = randomUUID();
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  const payload = `${packId(campaignId)}.${packId(serveId)}.${issued}`;
  return `${payload}.${sign(key, payload)}`;
}

export function readServeToken(
  key: Buffer,
  token: string,
): { campaignId: string; serveId: string; issuedAt: Date } | null {
  const [campaign, serve, issued, signature, ...rest] = token.split('.');
  if (!campaign || !serve || !issued || !signature || rest.length > 0) return null;
  if (!ID.test(campaign) || !ID.test(serve) || !ISSUED.test(issued)) return null;
  const expected = Buffer.from(sign(key, `${campaign}.${serve}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return {
    campaignId: unpackId(campaign),
    serveId: unpackId(serve),
    issuedAt: new Date(parseInt(issued, 36) * 1000),
  };
}
