import { describe, expect, it } from 'vitest';
import {
  campaignFits,
  cheapestUpgrade,
  planAllowsAttendees,
  planUnlocks,
  type PlanFacts,
} from './entitlements.policy';

const plan = (name: string, facts: Partial<PlanFacts>) => ({
  name,
  priceMonthly: 0,
  maxAttendees: 50,
  hasMessaging: false,
  hasChat: false,
  hasRecording: false,
  hasSharing: false,
  ...facts,
});
const free = plan('Free', {});
const starter = plan('Starter', { priceMonthly: 1900, maxAttendees: 200, hasChat: true });
const pro = plan('Pro', {
  priceMonthly: 4900,
  maxAttendees: -1,
  hasMessaging: true,
  hasChat: true,
  hasRecording: true,
  hasSharing: true,
});

describe('entitlements policy: what a plan unlocks (spec §6)', () => {
  it.each([
    ['messaging', starter, false],
    ['messaging', pro, true],
    ['chat', starter, true],
    ['chat', free, false],
    ['recording', starter, false],
    ['recording', pro, true],
    ['sharing', starter, false],
    ['sharing', pro, true],
    ['any other feature (a live subscription)', free, true],
  ] as const)('%s on %s', (feature, row, expected) => {
    expect(planUnlocks(row, feature)).toBe(expected);
  });

  it.each([
    [free, 50, true],
    [free, 51, false],
    [starter, 200, true],
    [starter, 201, false],
    [pro, 1_000_000, true],
  ] as const)('%s allows %s attendees: %s', (row, count, expected) => {
    expect(planAllowsAttendees(row, count)).toBe(expected);
  });

  it('names the cheapest paid plan that would allow it, never the free tier', () => {
    const plans = [free, starter, pro];
    expect(cheapestUpgrade(plans, (p) => planUnlocks(p, 'chat'))?.name).toBe('Starter');
    expect(cheapestUpgrade(plans, (p) => planUnlocks(p, 'messaging'))?.name).toBe('Pro');
    expect(cheapestUpgrade(plans, (p) => planAllowsAttendees(p, 10))?.name).toBe('Starter');
    expect(cheapestUpgrade([free], () => true)).toBeNull();
  });

  it.each([
    [null, 10_000, 10_000, true],
    [1_000, 400, 600, true],
    [1_000, 400, 601, false],
    [1_000, 1_000, 0, true],
    [1_000, 1_001, 0, false],
  ] as const)(
    'a campaign within an allowance of %s (sent %s, this one %s): %s',
    (allowance, sent, pending, expected) => {
      expect(campaignFits(allowance, { sent, pending })).toBe(expected);
    },
  );
});
