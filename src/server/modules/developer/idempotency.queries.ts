import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** Claims the key for this request; false when it was already used (then read it). */
export async function claim(
  db: DbExecutor,
  params: { keyId: string; idempotencyKey: string; requestHash: string; now: Date },
) {
  const result = await db.execute(sql`
    insert into api_idempotency (key_id, idempotency_key, request_hash, created_at)
    values (${params.keyId}, ${params.idempotencyKey}, ${params.requestHash}, ${params.now})
    on conflict (key_id, idempotency_key) do update
      set request_hash = excluded.request_hash, status_code = null, response = null,
        created_at = excluded.created_at
      where api_idempotency.created_at < ${params.now}::timestamptz - interval '24 hours'
    returning 1`);
  return result.rows.length > 0;
}

export async function read(db: DbExecutor, params: { keyId: string; idempotencyKey: string }) {
  const result = await db.execute(sql`
    select request_hash as "requestHash", status_code as "statusCode", response
    from api_idempotency
    where key_id = ${params.keyId} and idempotency_key = ${params.idempotencyKey}`);
  return (
    (result.rows[0] as
      { requestHash: string; statusCode: number | null; response: unknown } | undefined) ?? null
  );
}

export async function store(
  db: DbExecutor,
  params: { keyId: string; idempotencyKey: string; statusCode: number; response: unknown },
) {
  await db.execute(sql`
    update api_idempotency set status_code = ${params.statusCode},
      response = ${JSON.stringify(params.response)}::jsonb
    where key_id = ${params.keyId} and idempotency_key = ${params.idempotencyKey}`);
}

/** A failed request frees its key, so the client may retry it. */
export async function release(db: DbExecutor, params: { keyId: string; idempotencyKey: string }) {
  await db.execute(sql`
    delete from api_idempotency
    where key_id = ${params.keyId} and idempotency_key = ${params.idempotencyKey}
      and status_code is null`);
}
