import os from 'node:os';
import { benchCheckoutPair, PAIRS, QUESTIONS_AIM, type VariantRound } from './checkout-questions';
import { median, print, table } from './lib';
import type { BenchName } from './names';
import { benchSeating, benchSeatingMap, SEATING_AIMS, seatingMapOnly } from './seating';
import { benchTeamAuth, TEAM_AUTH_AIM_MS } from './team-auth';

// The figures of organizer-grade ticketing (checkout questions, capacity pools, what a team
// member's authorisation costs), each beside its reference measured in the same run, with the
// machine's load average around it.

const load = () => (os.loadavg()[0] ?? 0).toFixed(1);

const roundsTable = (rounds: VariantRound[]) =>
  table(
    rounds.map((r, i) => ({
      round: i + 1,
      variant: r.variant,
      attempts: r.attempts,
      sold: r.sold,
      oversold: r.oversold,
      'sold out (409)': r.soldOut,
      'server errors': r.serverErrors,
      'checkouts/s': r.checkoutsPerSec,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
    })),
  );

export const ticketingReports = {
  'checkout-questions': async () => {
    const before = load();
    const r = await benchCheckoutPair(PAIRS.questions);
    const ratio = r.measured.checkoutsPerSec / r.reference.checkoutsPerSec;
    const oversold = r.rounds.reduce((sum, round) => sum + round.oversold, 0);
    print(
      `Checkout questions: the flash sale buying 5 tickets with 10 per-ticket questions answered for each, against the same sale without questions, alternating on one server (capacity ${r.capacity}, ${r.capacity * 5} attempts each, ${r.connections} connections; aim: within ${QUESTIONS_AIM * 100} %, 0 oversold)`,
      [
        roundsTable(r.rounds),
        `median checkouts/s: ${r.measured.checkoutsPerSec} with questions, ${r.reference.checkoutsPerSec} without (ratio ${ratio.toFixed(2)}); median p50 ${r.measured.p50Ms} vs ${r.reference.p50Ms} ms, p99 ${r.measured.p99Ms} vs ${r.reference.p99Ms} ms; oversold ${oversold}; load average ${before} before, ${load()} after; verdict ${ratio >= 1 - QUESTIONS_AIM && oversold === 0 ? 'ok' : 'MISSED'}`,
      ].join('\n'),
    );
  },
  'flash-pools': async () => {
    const before = load();
    const r = await benchCheckoutPair(PAIRS.pools);
    const oversold = r.rounds.reduce((sum, round) => sum + round.oversold, 0);
    print(
      `Flash sale across a capacity pool: two ticket types of ${r.capacity} each sharing a pool of ${r.capacity}, against the same two types sharing ${r.capacity} without a pool, alternating on one server (${r.capacity * 5} attempts each, ${r.connections} connections; aim: 0 oversold)`,
      [
        roundsTable(r.rounds),
        `median checkouts/s: ${r.measured.checkoutsPerSec} with the pool, ${r.reference.checkoutsPerSec} without (ratio ${(r.measured.checkoutsPerSec / r.reference.checkoutsPerSec).toFixed(2)}); oversold ${oversold}; load average ${before} before, ${load()} after; verdict ${oversold === 0 ? 'ok' : 'OVERSOLD'}`,
      ].join('\n'),
    );
  },
  'team-auth': async () => {
    const r = await benchTeamAuth();
    const ms = (v: number) => v.toFixed(3);
    print(
      `A team member's request authorised: the owner (reference) and a manager of the owner's team, alternating on one connection (${r.pairs} pairs a route; aim: ≤ ${TEAM_AUTH_AIM_MS} ms extra median)`,
      table(
        r.runs.flatMap((run) =>
          run.routes.map((route) => ({
            'session cache': run.cache,
            route: route.route,
            'owner p50 ms': ms(route.ownerMedianMs),
            'member p50 ms': ms(route.memberMedianMs),
            'extra p50 ms': ms(route.extraMedianMs),
            '200s': route.allOk ? 'all' : 'NOT ALL',
            'load avg (1 min) before → after': `${run.loadBefore.toFixed(1)} → ${run.loadAfter.toFixed(1)}`,
          })),
        ),
      ),
    );
  },
  seating: async () => {
    const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
    const mapLine = (map: Awaited<ReturnType<typeof benchSeatingMap>>['map']): string =>
      [
        `map interactive (navigation → a clicked seat shows as chosen), median of ${map.big.length}: ${Math.round(median(map.big))} ms at ${map.bigSeats} seats (${ms(map.big)}), ${Math.round(median(map.small))} ms at ${map.smallSeats} seats (${ms(map.small)}, the same-run reference); ratio ${(median(map.big) / Math.max(1, median(map.small))).toFixed(2)}`,
        `main thread busy until chosen (CDP TaskDuration at 4×), median: ${Math.round(median(map.bigBusy))} ms at ${map.bigSeats} seats (${ms(map.bigBusy)}), ${Math.round(median(map.smallBusy))} ms at ${map.smallSeats} seats (${ms(map.smallBusy)})`,
        `seating answer per load: ${map.seatingRequests.join('; ')} (the preload is taken when one read fewer than made was sent)`,
      ].join('\n');
    if (seatingMapOnly()) {
      const m = await benchSeatingMap();
      print(
        `Seating: the map's time to interactive at 4× CPU throttling alone (BENCH_SEATING_ONLY=map; aim ≤ ${SEATING_AIMS.interactiveMs} ms)`,
        `${mapLine(m.map)}\nload average ${m.loadBefore.toFixed(1)} before, ${m.loadAfter.toFixed(1)} after`,
      );
      return;
    }
    const r = await benchSeating();
    const { sale, map, live } = r;
    const saleRow = (name: string, s: typeof sale.seated) => ({
      sale: name,
      attempts: s.attempts,
      'orders created': s.created,
      'refused (4xx)': s.refused,
      'server errors': s.serverErrors,
      'checkouts/s': s.checkoutsPerSec,
      'p50 ms': s.p50Ms,
      'p99 ms': s.p99Ms,
      'server CPU ms/attempt': s.serverCpuMs,
      'PostgreSQL CPU ms/attempt': s.databaseCpuMs,
    });
    print(
      `Seating: a flash sale on a ${sale.seats}-seat plan (two adjacent seats chosen at random per attempt, ${sale.seated.attempts} attempts (${((sale.seated.attempts * 2) / sale.seats).toFixed(1)}× demand), beside the count-only sale of the same attempts on one server), the map's time to interactive at 4× CPU throttling, and seat changes reaching ${live.viewers} watching sockets (aims: 0 seats twice, 0 oversold, ≥ ${SEATING_AIMS.checkoutsPerSec} checkouts/s, p99 ≤ ${SEATING_AIMS.p99Ms} ms; interactive ≤ ${SEATING_AIMS.interactiveMs} ms; updates p99 ≤ ${SEATING_AIMS.liveP99Ms} ms)`,
      [
        table([saleRow('by seat', sale.seated), saleRow('by count (reference)', sale.counted)]),
        `seat checkouts/s ÷ count-only checkouts/s in this run: ${(sale.seated.checkoutsPerSec / Math.max(1, sale.counted.checkoutsPerSec)).toFixed(2)}; server CPU per attempt, seat ÷ count: ${(sale.seated.serverCpuMs / Math.max(0.001, sale.counted.serverCpuMs)).toFixed(2)}`,
        `seats sold twice ${sale.twice}; categories oversold ${sale.oversold}; orders whose tickets and seats differ ${sale.short}; seats taken by orders ${sale.seatsTaken}`,
        mapLine(map),
        `live map, ${live.changes} changes to ${live.viewers} sockets: held p50 ${Math.round(live.heldP50)} ms, p99 ${Math.round(live.heldP99)} ms (${live.heldDeliveries} deliveries); freed by a cancellation p50 ${Math.round(live.freedP50)} ms, p99 ${Math.round(live.freedP99)} ms (${live.freedDeliveries}); the checkout's own answer p50 ${Math.round(live.checkoutP50)} ms`,
        `load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after`,
      ].join('\n'),
    );
  },
} satisfies Partial<Record<BenchName, () => Promise<void>>>;
