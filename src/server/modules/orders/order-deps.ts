import { msg } from '@lingui/core/macro';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { PaymentProvider } from '../../platform/payments/provider';
import { findVisibleOrder } from './orders.queries';
import { teamOwnerOf } from './team-orders';

// What the order services share: placing an order (orders.service) and refunding one
// (refunds.service) both need these, and orders.service re-exports refunds, so the shared part
// lives here for the two to import without importing each other.

export interface OrderDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL' | 'APP_NAME'>;
  jobs: JobQueue;
  payments: PaymentProvider;
  /** After a free order is fulfilled (mail with tickets); paid ones go through the webhook. */
  onFulfilled?: (orderId: string) => Promise<void>;
}

export async function getOrder(
  deps: Pick<OrderDeps, 'db'>,
  params: { id: string; actor: AuthUser },
) {
  const owner = async () =>
    teamOwnerOf(deps.db, { orderId: params.id, actor: params.actor, permission: 'orders' });
  const asOwner = async () => {
    const actor = await owner();
    return actor ? findVisibleOrder(deps.db, { id: params.id, actor }) : undefined;
  };
  const order = (await findVisibleOrder(deps.db, params)) ?? (await asOwner());
  if (!order) throw new AppError('NOT_FOUND', msg`Order not found`);
  return order;
}
