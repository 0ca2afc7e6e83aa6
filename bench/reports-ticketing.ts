import os from 'node:os';
import { benchCheckoutPair, PAIRS, QUESTIONS_AIM, type VariantRound } from './checkout-questions';
import { print, table } from './lib';
import type { BenchName } from './names';
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
} satisfies Partial<Record<BenchName, () => Promise<void>>>;
