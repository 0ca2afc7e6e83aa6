import type { Access } from './access';
import { ACCOUNT_ACCESS } from './account';
import { COMMUNITY_ACCESS } from './community';
import { EVENTS_ACCESS } from './events';
import { MARKETING_ACCESS } from './marketing';
import { ORDERS_ACCESS } from './orders';

// The route-access test's table of who may use each route that takes an id, kept in one file
// per area so that a new route's row goes beside its neighbours. A route in two areas would
// let one row silently overrule the other, so that stops the test before it runs.

const AREAS = [ACCOUNT_ACCESS, EVENTS_ACCESS, ORDERS_ACCESS, MARKETING_ACCESS, COMMUNITY_ACCESS];

function merged(areas: Record<string, Access>[]): Record<string, Access> {
  const all: Record<string, Access> = {};
  for (const area of areas)
    for (const [key, access] of Object.entries(area)) {
      if (key in all) throw new Error(`${key} has an access rule in two areas`);
      all[key] = access;
    }
  return all;
}

export const ACCESS = merged(AREAS);
