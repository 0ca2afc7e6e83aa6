import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBED, type CheckSubscription } from '../../../contracts/subscriptions';
import type { Database } from '../../db/client';
import { fixedClock } from '../../platform/clock';
import { createSubscriptionChecks } from './check.service';

/** The session channel as this process hears it: subscription notices and reconnects. */
function channel() {
  const changes = new Set<(userId: string | null) => void>();
  const resyncs = new Set<() => void>();
  return {
    listening: true,
    onSubscriptionChange(listener: (userId: string | null) => void) {
      changes.add(listener);
      return () => changes.delete(listener);
    },
    onResync(listener: () => void) {
      resyncs.add(listener);
      return () => resyncs.delete(listener);
    },
    hear: (userId: string | null) => changes.forEach((listener) => listener(userId)),
    reconnect: () => resyncs.forEach((listener) => listener()),
  };
}

/** Answers that say how many times the database was asked ("Read 1", "Read 2", …). */
function reads() {
  let count = 0;
  return {
    read: async (): Promise<CheckSubscription> => ({ ...UNSUBSCRIBED, plan: `Read ${++count}` }),
    get count() {
      return count;
    },
  };
}

function setUp(cacheMs = 1000) {
  const clock = fixedClock();
  const sessionEvents = channel();
  const db = reads();
  // The cache keeps entries per database handle: each test is a database of its own.
  const handle = {} as Database;
  const checks = createSubscriptionChecks(
    { db: handle, clock, config: { SUBSCRIPTION_CACHE_MS: cacheMs }, sessionEvents },
    db.read,
  );
  const plan = async (id: string) => (await checks.answer({ id })).plan;
  return { clock, sessionEvents, db, checks, plan };
}

describe('check-subscription answers', () => {
  it('keeps an answer for its time on the app clock, then asks again', async () => {
    const { clock, plan } = setUp(1000);
    expect(await plan('a')).toBe('Read 1');
    clock.advance(999);
    expect(await plan('a')).toBe('Read 1');
    clock.advance(1);
    expect(await plan('a')).toBe('Read 2');
  });

  it('forgets one person on their notice, everyone on a batch or a reconnect', async () => {
    const { sessionEvents, plan } = setUp();
    expect(await plan('a')).toBe('Read 1');
    expect(await plan('b')).toBe('Read 2');
    sessionEvents.hear('a');
    expect(await plan('a')).toBe('Read 3');
    expect(await plan('b')).toBe('Read 2');
    sessionEvents.hear(null);
    expect(await plan('b')).toBe('Read 4');
    sessionEvents.reconnect();
    expect(await plan('b')).toBe('Read 5');
  });

  it("forgets at once a change this process made (before the change's notice arrives)", async () => {
    const { checks, plan } = setUp();
    expect(await plan('a')).toBe('Read 1');
    checks.forget('a');
    expect(await plan('a')).toBe('Read 2');
  });

  it('does not keep a lookup that began before a change was heard', async () => {
    const { sessionEvents, checks } = setUp();
    const pending = checks.answer({ id: 'a' });
    sessionEvents.hear('a');
    expect((await pending).plan).toBe('Read 1');
    expect((await checks.answer({ id: 'a' })).plan).toBe('Read 2');
  });

  it('asks every time while the channel is down, and when the cache is off', async () => {
    const deaf = setUp();
    deaf.sessionEvents.listening = false;
    expect(await deaf.plan('a')).toBe('Read 1');
    expect(await deaf.plan('a')).toBe('Read 2');
    const off = setUp(0);
    expect(await off.plan('a')).toBe('Read 1');
    expect(await off.plan('a')).toBe('Read 2');
  });

  it('answers the signed-out visitor without asking', async () => {
    const { checks, db } = setUp();
    expect(await checks.answer(null)).toEqual(UNSUBSCRIBED);
    expect(db.count).toBe(0);
  });

  it('stops hearing notices once closed', async () => {
    const { sessionEvents, checks, plan } = setUp();
    expect(await plan('a')).toBe('Read 1');
    checks.close();
    sessionEvents.hear('a');
    expect(await plan('a')).toBe('Read 1');
  });
});
