import { describe, expect, it } from 'vitest';
import { trimPlaylist } from './ingest';
import {
  canManageStream,
  keepsRecording,
  streamOwnerScope,
  watchDecision,
  type WatchFacts,
} from './streaming.policy';
import { checkWatchToken, issueWatchToken } from './watch-token';

const base: WatchFacts = {
  access: 'ticket_holders',
  status: 'live',
  signedIn: true,
  manages: false,
  hasTicket: false,
  hasGrant: false,
};

describe('watchDecision', () => {
  it('lets the organizer and admins watch whatever the access', () => {
    for (const access of ['ticket_holders', 'stream_ticket', 'code', 'public'] as const)
      expect(watchDecision({ ...base, access, manages: true }).canWatch).toBe(true);
  });
  it('public: anyone, signed out too', () => {
    expect(watchDecision({ ...base, access: 'public', signedIn: false }).canWatch).toBe(true);
  });
  it('asks signed-out people to sign in for the other modes', () => {
    expect(watchDecision({ ...base, signedIn: false })).toEqual({
      canWatch: false,
      reason: 'sign_in',
    });
  });
  it('ticket modes need a ticket of the event; code needs the redeemed code', () => {
    expect(watchDecision(base).reason).toBe('ticket');
    expect(watchDecision({ ...base, hasTicket: true }).canWatch).toBe(true);
    expect(watchDecision({ ...base, access: 'stream_ticket' }).reason).toBe('stream_ticket');
    expect(watchDecision({ ...base, access: 'stream_ticket', hasTicket: true }).canWatch).toBe(
      true,
    );
    expect(watchDecision({ ...base, access: 'code', hasTicket: true }).reason).toBe('code');
    expect(watchDecision({ ...base, access: 'code', hasGrant: true }).canWatch).toBe(true);
  });
  it('keeps a recording only when asked for and the plan has has_recording', () => {
    expect(keepsRecording(true, true)).toBe(true);
    expect(keepsRecording(true, false)).toBe(false);
    expect(keepsRecording(false, true)).toBe(false);
  });
});

describe('watch tokens', () => {
  const key = Buffer.alloc(32, 7);
  const claims = { streamId: 's1', viewer: 'u1', expiresAt: 10_000 };
  it('round-trips and checks stream, expiry and signature', () => {
    const token = issueWatchToken(key, claims);
    expect(checkWatchToken(key, token, { streamId: 's1', now: 9_999 })).toEqual({
      ok: true,
      claims,
    });
    expect(checkWatchToken(key, token, { streamId: 's1', now: 10_000 })).toMatchObject({
      reason: 'expired',
    });
    expect(checkWatchToken(key, token, { streamId: 's2', now: 0 })).toMatchObject({
      reason: 'stream',
    });
    expect(checkWatchToken(Buffer.alloc(32, 8), token, { streamId: 's1', now: 0 })).toMatchObject({
      reason: 'signature',
    });
    const [body, sig] = token.split('.');
    const forged = `${Buffer.from('s1.u2.zz').toString('base64url')}.${sig}`;
    expect(checkWatchToken(key, forged, { streamId: 's1', now: 0 }).ok).toBe(false);
    expect(checkWatchToken(key, `${body}`, { streamId: 's1', now: 0 }).ok).toBe(false);
  });
});

describe('trimPlaylist', () => {
  it('keeps the last segments of a growing recorded playlist and moves the media sequence', () => {
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:0',
    ];
    for (let i = 0; i < 10; i++) lines.push('#EXTINF:2.000000,', `seg0000${i}.ts`);
    const trimmed = trimPlaylist(`${lines.join('\n')}\n`, 6);
    expect(trimmed).toContain('#EXT-X-MEDIA-SEQUENCE:4');
    expect(trimmed).not.toContain('seg00003.ts');
    expect(trimmed.match(/\.ts/g)).toHaveLength(6);
    const short = `${lines.slice(0, 8).join('\n')}\n`;
    expect(trimPlaylist(short, 6)).toBe(short);
  });
});

describe('canManageStream', () => {
  const row = { ownerId: 'u1' };
  it.each([
    ['signed out', null, false],
    ['the organizer', { id: 'u1', roles: [] }, true],
    ['another organizer', { id: 'u2', roles: [] }, false],
    ['a moderator', { id: 'u3', roles: ['moderator'] }, false],
    ['an admin', { id: 'u9', roles: ['admin'] }, true],
  ] as const)('%s: %s', (_who, actor, allowed) => {
    expect(canManageStream(actor as Parameters<typeof canManageStream>[0], row)).toBe(allowed);
  });

  it('scopes queries to the owner, lifted for admins', () => {
    expect(streamOwnerScope({ id: 'u1', roles: [] })).toEqual({ id: 'u1', admin: false });
    expect(streamOwnerScope({ id: 'u9', roles: ['admin'] })).toEqual({ id: 'u9', admin: true });
  });
});
