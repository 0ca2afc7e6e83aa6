import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  SUBSCRIPTION_MESSAGES,
  type PlanInputSchema,
  type PlanUpdateSchema,
} from '../../../contracts/subscriptions';
import type { Database, DbExecutor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { presentAdminPlan, presentPlan } from './subscriptions.presenter';
import * as q from './subscriptions.queries';

/** spec §7: the plans on offer, cheapest first. */
export async function listPlans(db: DbExecutor) {
  return { plans: (await q.listActivePlans(db)).map(presentPlan) };
}

// ---------------------------------------------------------------- the admin's plans

export async function listPlansForAdmin(db: DbExecutor) {
  const rows = await q.listAllPlansWithCounts(db);
  return { plans: rows.map((row) => presentAdminPlan(row.plan, row.subscriberCount)) };
}

const nameTaken = () =>
  new AppError('CONFLICT', msg`A plan with this name already exists`, {
    fields: [{ field: 'body.name', message: 'A plan with this name already exists' }],
  });

export async function createPlan(
  deps: { db: Database; clock: Clock },
  input: z.output<typeof PlanInputSchema>,
) {
  if (await q.findPlanByName(deps.db, { name: input.name })) throw nameTaken();
  const now = deps.clock.now();
  const plan = await q.insertPlan(deps.db, {
    values: { ...input, createdAt: now, updatedAt: now },
  });
  return presentAdminPlan(must(plan, 'plan'), 0);
}

export async function updatePlan(
  deps: { db: Database; clock: Clock },
  params: { id: string; input: z.output<typeof PlanUpdateSchema> },
) {
  if (params.input.name) {
    const same = await q.findPlanByName(deps.db, { name: params.input.name });
    if (same && same.id !== params.id) throw nameTaken();
  }
  const plan = await q.updatePlan(deps.db, {
    id: params.id,
    values: { ...params.input, updatedAt: deps.clock.now() },
  });
  if (!plan) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.planNotFound);
  return presentAdminPlan(plan, await q.countPlanUsers(deps.db, { id: plan.id }));
}

/** A plan anyone ever subscribed to is kept (their invoices name it): deactivate it instead. */
export async function deletePlan(db: Database, params: { id: string }) {
  if (await q.deleteUnusedPlan(db, params)) return { ok: true as const };
  if (!(await q.findPlan(db, { id: params.id })))
    throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.planNotFound);
  throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.planInUse);
}

/** A plan chosen in a request's body that is not (or no longer) on offer. */
export const planNotFound = () =>
  new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.planNotFound, {
    fields: [{ field: 'body.planId', message: SUBSCRIPTION_MESSAGES.planNotFound }],
  });
