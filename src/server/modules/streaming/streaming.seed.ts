import type { DbExecutor } from '../../db/client';

/** Demo streams (filled in below once the rest works). */
export async function seedStreaming(_tx: DbExecutor, _params: { now: Date; joinedAt: Date }) {}
