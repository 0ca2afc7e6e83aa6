// A sold-out ticket type with BENCH_WAITLIST_PEOPLE people in line (10,000 by default), one
// ticket each; the organizer raises capacity by BENCH_WAITLIST_RELEASED (1,000) in one request,
// through the built server, while the minute's sweep is asked to run at the same moment (two
// triggers racing for the same stock). Measured: from the request until every offer exists, and
// until every offer mail was sent (aim: all within 60 s; decision 054). Verified: the offers are
// exactly the first places in line, each ticket offered once, nothing left on the shelf.
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { connectDatabase, type Database } from '../src/server/db/client';
import { createSession } from '../src/server/platform/auth/sessions';
import { startJobs, stopJobs } from '../src/server/platform/jobs/jobs';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { givePlan } from '../src/server/test/plans';
import { startBuiltServer } from './lib';

const PEOPLE = Number(process.env.BENCH_WAITLIST_PEOPLE ?? 10_000);
const RELEASED = Number(process.env.BENCH_WAITLIST_RELEASED ?? 1_000);
export const ALL_OFFERS_AIM_S = 60;

async function seed(db: Database) {
  const owner = await createUser(db, { userType: 'organizer', fullName: 'Bench Organizer' });
  // A plan without an attendee cap: the release is 1,000 seats on one type.
  await givePlan(db, owner.id);
  const event = await createEvent(db, {
    userId: owner.id,
    title: 'Bench Sold-out Gala',
    isFree: false,
  });
  const type = await createTicketType(db, { eventId: event.id, name: 'Gala seat', quantity: 100 });
  // Sold out: the seats went before the list formed (their orders are not part of the figure).
  await db.execute(sql`update ticket_types set remaining = 0 where id = ${type.id}`);
  await db.execute(sql`
    insert into waitlist_entries (event_id, ticket_type_id, email, language, quantity, status,
      position, confirmed_at, created_at, updated_at)
    select ${event.id}, ${type.id}, 'waiting' || i || '@bench.test', 'en', 1, 'waiting',
      nextval('waitlist_position_seq'), now(), now(), now()
    from generate_series(1, ${PEOPLE}::int) as i
    order by i`);
  await db.execute(sql`vacuum analyze waitlist_entries`);
  return { owner, event, type };
}

async function count(db: Database, query: ReturnType<typeof sql>) {
  const { rows } = await db.execute<{ n: number }>(query);
  return rows[0]?.n ?? 0;
}

export async function benchWaitlistOffers() {
  const server = await startBuiltServer('waitlist-offers', { SEED_DEMO: 'false' });
  const database = connectDatabase(server.databaseUrl, { max: 4 });
  const db = database.db;
  try {
    const { owner, type } = await seed(db);
    const { token } = await createSession(db, { userId: owner.id, now: new Date() });
    const jobs = await startJobs(server.databaseUrl);
    const t0 = performance.now();
    const [raised] = await Promise.all([
      fetch(`${server.base}/api/ticket-types/${type.id}`, {
        method: 'PATCH',
        headers: {
          cookie: `${SESSION_COOKIE}=${token}`,
          'content-type': 'application/json',
          origin: server.base,
        },
        body: JSON.stringify({ quantity: 100 + RELEASED }),
      }),
      // The sweep's job, sent by hand as the scheduler would: a second trigger at once.
      jobs.send('waitlist.offers', {}),
    ]);
    await stopJobs(jobs, 5000);
    if (!raised.ok)
      throw new Error(`raising capacity answered ${raised.status}: ${await raised.text()}`);
    let offersMs = 0;
    let mailsMs = 0;
    const deadline = t0 + 180_000;
    while (performance.now() < deadline && !mailsMs) {
      const offered = await count(
        db,
        sql`select count(*)::int as n from waitlist_entries where ticket_type_id = ${type.id} and status = 'offered'`,
      );
      if (!offersMs && offered >= RELEASED) offersMs = performance.now() - t0;
      const mails = await count(
        db,
        sql`select count(*)::int as n from captured_emails where subject like 'Tickets are waiting for you%'`,
      );
      if (mails >= RELEASED) mailsMs = performance.now() - t0;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Verification: the first RELEASED places and no other, one ticket each, once.
    const { rows } = await db.execute<{
      offered: number;
      tickets: number;
      firstOffered: number;
      lastOffered: number;
      waitingBefore: number;
      remaining: number;
      mails: number;
      distinctMails: number;
    }>(sql`
      with line as (
        select status, offered_quantity, email,
          row_number() over (order by position) as place
        from waitlist_entries where ticket_type_id = ${type.id}
      )
      select
        count(*) filter (where status = 'offered')::int as offered,
        coalesce(sum(offered_quantity) filter (where status = 'offered'), 0)::int as tickets,
        coalesce(min(place) filter (where status = 'offered'), 0)::int as "firstOffered",
        coalesce(max(place) filter (where status = 'offered'), 0)::int as "lastOffered",
        count(*) filter (where status = 'waiting' and place <= ${RELEASED})::int as "waitingBefore",
        (select remaining from ticket_types where id = ${type.id}) as remaining,
        (select count(*)::int from captured_emails
          where subject like 'Tickets are waiting for you%') as mails,
        (select count(distinct "to")::int from captured_emails
          where subject like 'Tickets are waiting for you%') as "distinctMails"
      from line`);
    const v = rows[0];
    if (!v) throw new Error('no verification row');
    const inOrder =
      v.offered === RELEASED &&
      v.firstOffered === 1 &&
      v.lastOffered === RELEASED &&
      v.waitingBefore === 0;
    const once = v.tickets === RELEASED && v.remaining === 0 && v.distinctMails === v.mails;
    return {
      people: PEOPLE,
      released: RELEASED,
      offersSeconds: offersMs / 1000,
      mailsSeconds: mailsMs ? mailsMs / 1000 : Number.NaN,
      inOrder,
      once,
      ...v,
    };
  } finally {
    await database.close();
    await server.stop();
  }
}
