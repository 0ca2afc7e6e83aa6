import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';

/** Who is asking: owner scoping goes into every `where` (admins see every row). */
export interface Owner {
  id: string;
  admin: boolean;
}

export const ownedBy = (column: AnyPgColumn, owner: Owner): SQL | undefined =>
  owner.admin ? undefined : eq(column, owner.id);

/** One of the owner's events (lists of its attendees, campaigns and funnels name one). */
export async function ownerEvent(db: DbExecutor, params: { id: string; ownerId: string }) {
  const [row] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, params.id), eq(events.userId, params.ownerId)));
  return row;
}
