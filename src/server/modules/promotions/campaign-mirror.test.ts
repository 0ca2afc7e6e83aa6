import { describe, expect, it } from 'vitest';
import { CampaignMirror, weightOf, type MirrorRead, type MirrorRow } from './campaign-mirror';

const NOW = Date.parse('2026-11-21T06:00:00Z'); // a quarter of the UTC day gone
const DAY = '2026-11-21';
const HOUR = 3_600_000;

function row(id: string, extra: Partial<MirrorRow> = {}): MirrorRow {
  return {
    id,
    placement: 'events_list',
    live: true,
    eventShown: true,
    item: {
      id,
      headline: id,
      body: '',
      imageUrl: null,
      imageAlt: id,
      targetPath: `/vendor/${id}`,
      startsAt: NOW - HOUR,
      endsAt: NOW + 10_000 * 1000,
      eventEndsAt: null,
      categories: [],
      cities: [],
      accountTypes: [],
      frequencyCap: 5,
    },
    totalMillicents: 1_000_000,
    dailyMillicents: 100_000,
    unitMillicents: 500,
    spentMillicents: 0,
    daySpentMillicents: 0,
    spendDay: DAY,
    ...extra,
  };
}

describe('weightOf', () => {
  it('is the remaining budget per remaining second, damped to a fifth while spend runs ahead', () => {
    expect(weightOf(row('a'), NOW, DAY)).toBe(1_000_000 / 10_000);
    // 20 % of the day's budget spent a quarter into the day: on pace.
    expect(
      weightOf(row('b', { spentMillicents: 20_000, daySpentMillicents: 20_000 }), NOW, DAY),
    ).toBe(980_000 / 10_000);
    // 30 % spent: ahead.
    expect(
      weightOf(row('c', { spentMillicents: 30_000, daySpentMillicents: 30_000 }), NOW, DAY),
    ).toBe((970_000 / 10_000) * 0.2);
    // Yesterday's spend does not count today.
    expect(
      weightOf(row('d', { daySpentMillicents: 99_900, spendDay: '2026-11-20' }), NOW, DAY),
    ).toBe(1_000_000 / 10_000);
    // At least a minute left in the divisor.
    const ending = row('e');
    ending.item = { ...ending.item, endsAt: NOW + 1000 };
    expect(weightOf(ending, NOW, DAY)).toBe(1_000_000 / 60);
  });

  it('is null when the next unit passes a budget, or it, its event or its status is over', () => {
    expect(weightOf(row('total', { spentMillicents: 999_501 }), NOW, DAY)).toBeNull();
    expect(weightOf(row('total-exact', { spentMillicents: 999_500 }), NOW, DAY)).not.toBeNull();
    expect(weightOf(row('day', { daySpentMillicents: 99_501 }), NOW, DAY)).toBeNull();
    expect(weightOf(row('paused', { live: false }), NOW, DAY)).toBeNull();
    expect(weightOf(row('hidden-event', { eventShown: false }), NOW, DAY)).toBeNull();
    const over = row('over');
    over.item = { ...over.item, endsAt: NOW };
    expect(weightOf(over, NOW, DAY)).toBeNull();
    const eventOver = row('event-over');
    eventOver.item = { ...eventOver.item, eventEndsAt: NOW };
    expect(weightOf(eventOver, NOW, DAY)).toBeNull();
  });
});

describe('CampaignMirror', () => {
  /** A fake database: the live rows now, and which of them changed since the last read. */
  function fakeDb() {
    const state = {
      rows: new Map<string, MirrorRow>(),
      changed: new Set<string>(),
      reads: [] as (string | null)[],
    };
    const load = async ({
      since,
      horizon,
    }: {
      since: string | null;
      horizon: Date;
    }): Promise<MirrorRead> => {
      state.reads.push(since);
      const live = [...state.rows.values()].filter(
        (r) => r.live && r.item.endsAt > horizon.getTime(),
      );
      const rows =
        since === null ? live : [...state.changed].flatMap((id) => state.rows.get(id) ?? []);
      state.changed.clear();
      return { snapshot: String(state.reads.length), liveCount: live.length, rows };
    };
    return { state, load };
  }
  const ids = async (mirror: CampaignMirror, at = NOW) =>
    (await mirror.candidates('events_list', new Date(at), DAY)).map((c) => c.id).sort();

  it('reads changes only, and everything again after a deletion or a clock moved back', async () => {
    const { state, load } = fakeDb();
    const mirror = new CampaignMirror(load);
    state.rows.set('a', row('a'));
    state.rows.set('b', row('b'));
    expect(await ids(mirror)).toEqual(['a', 'b']);
    state.rows.set('c', row('c'));
    state.changed.add('c');
    state.rows.set('a', row('a', { live: false }));
    state.changed.add('a');
    expect(await ids(mirror)).toEqual(['b', 'c']);
    expect(state.reads).toEqual([null, '1']);
    // A deleted live campaign is no change row: the count shows it, and everything is read.
    state.rows.delete('b');
    expect(await ids(mirror)).toEqual(['c']);
    expect(state.reads).toEqual([null, '1', '2', null]);
    // A clock before the last full read's horizon: everything again.
    expect(await ids(mirror, NOW - 1000)).toEqual(['c']);
    expect(state.reads.at(-1)).toBeNull();
  });

  it('makes a caller arriving during a read wait for the next read', async () => {
    const { state, load } = fakeDb();
    let release = () => {};
    let hold = false;
    const mirror = new CampaignMirror(async (params) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return load(params);
    });
    state.rows.set('a', row('a'));
    await ids(mirror);
    hold = true;
    const early = mirror.refresh(new Date(NOW));
    // Written after the running read took its snapshot: only the next read sees it.
    state.rows.set('late', row('late'));
    state.changed.add('late');
    const waiting = [ids(mirror), ids(mirror)];
    hold = false;
    release();
    await early;
    expect(await Promise.all(waiting)).toEqual([
      ['a', 'late'],
      ['a', 'late'],
    ]);
    // One read for the early caller and one shared by both later ones.
    expect(state.reads).toHaveLength(3);
  });
});
