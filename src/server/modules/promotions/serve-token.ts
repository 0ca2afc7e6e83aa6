import { createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';
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

// Selection issues a token per served item, thousands a second: what does not change between
// them is worked out once (decision 162). The HMAC itself stays per token.
/** Packed campaign ids: the same few thousand live campaigns are served over and over. */
const packedCampaigns = new Map<string, string>();
const PACKED_MAX = 50_000;
function packedCampaign(campaignId: string): string {
  let packed = packedCampaigns.get(campaignId);
  if (packed === undefined) {
    if (!isUuid(campaignId)) throw new Error('not a campaign id');
    packed = packId(campaignId);
    // A Map keeps insertion order: past the bound, the oldest goes.
    if (packedCampaigns.size >= PACKED_MAX)
      packedCampaigns.delete(packedCampaigns.keys().next().value as string);
    packedCampaigns.set(campaignId, packed);
  }
  return packed;
}

/**
 * A new serve id, packed: 16 bytes of a block of system randomness filled 256 ids at a time (as
 * `randomUUID` does), with the version-4 and variant bits set so it reads back as a well-formed
 * uuid; without the uuid's text and its conversion back to bytes.
 */
const SERVE_IDS = Buffer.alloc(16 * 256);
let serveIdAt = SERVE_IDS.length;
function newServeId(): string {
  if (serveIdAt === SERVE_IDS.length) {
    randomFillSync(SERVE_IDS);
    serveIdAt = 0;
  }
  const id = SERVE_IDS.subarray(serveIdAt, (serveIdAt += 16));
  id[6] = ((id[6] ?? 0) & 0x0f) | 0x40;
  id[8] = ((id[8] ?? 0) & 0x3f) | 0x80;
  return id.toString('base64url');
}

/** The issue time's text, kept for the second it names. */
let issuedSecond = Number.NaN;
let issuedText = '';

export function issueServeToken(key: Buffer, campaignId: string, now: Date): string {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== issuedSecond) {
    issuedSecond = second;
    issuedText = second.toString(36);
  }
  const payload = `${packedCampaign(campaignId)}.${newServeId()}.${issuedText}`;
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
