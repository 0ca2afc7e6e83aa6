// The check-in app at 50,000 tickets (decision 066), in Chromium against the built server: the
// time from "Download and start" to the list ready on the device (downloaded, stored in
// IndexedDB, read back), the device storage it takes, and scan to verdict offline (signature
// check, lookup, the scan's write queued and the tone; and apart, the verdict in the page) over
// BENCH_CHECK_IN_SCANS typed codes. Aims: ≤ 5 s,
// ≤ 10 MB, p99 ≤ 50 ms. Every ticket has a seat and an answer shown at the door (decision 092),
// as a seated event with a door question would: the list's largest realistic shape.
import { chromium, type Page } from '@playwright/test';
import type { DoorSyncResult } from '../src/contracts/door';
import type { Database } from '../src/server/db/client';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { connectDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/platform/auth/sessions';
import { derivedKey } from '../src/server/platform/secrets';
import { findEventKeys, signedTicketCode } from '../src/server/modules/tickets/ticket-signing';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { startBuiltServer } from './lib';

const TICKETS = Number(process.env.BENCH_CHECK_IN_TICKETS ?? 50_000);
const SCANS = Number(process.env.BENCH_CHECK_IN_SCANS ?? 200);
const SYNC_CHANGES = 10;
export const CHECK_IN_AIMS = { readyS: 5, storageMb: 10, p99Ms: 50 };
const SESSION_SECRET = 'bench-check-in-session-secret-bench-check-in';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

/** One sync of the device, started as the browser's coming online does; its answer. */
async function syncOnce(page: Page) {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/sync') && r.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  return answer;
}

/**
 * A sync after SYNC_CHANGES changes on the server (half tickets sold of a type created after the
 * download, half admitted by another device): the answer's size and the time from the sync's
 * start to its counters on the page (answer read, 50,000 tickets renewed on the device). First
 * the device catches up: the bulk inserts are younger than the change feed's 10-second margin,
 * so the first syncs after the download carry them again.
 */
async function syncAfterChanges(
  page: Page,
  db: Database,
  params: { eventId: string; tickets: { id: string }[] },
) {
  for (;;) {
    const answer = (await (await syncOnce(page)).json()) as DoorSyncResult;
    if (!answer.changes.length) break;
  }
  const half = SYNC_CHANGES / 2;
  const late = await createTicketType(db, {
    eventId: params.eventId,
    name: 'Late',
    quantity: half,
  });
  await db.execute(sql`
    insert into tickets (order_id, order_item_id, event_id, ticket_type_id, user_id)
    select order_id, order_item_id, event_id, ${late.id}, user_id
    from tickets where event_id = ${params.eventId} limit ${half}`);
  // Tickets the scans below do not use (they take every step-th from the first).
  const elsewhere = params.tickets.slice(1, 1 + half).map((row) => row.id);
  await db.execute(sql`
    update tickets set status = 'checked_in', checked_in_at = now()
    where id in (${sql.join(
      elsewhere.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const started = performance.now();
  const response = await syncOnce(page);
  const syncBytes = (await response.body()).length;
  const answer = (await response.json()) as DoorSyncResult;
  await page
    .getByTestId('checked-in')
    .filter({ hasText: `${half} / ${TICKETS + half}` })
    .waitFor({ timeout: 60_000 });
  return { syncMs: performance.now() - started, syncBytes, syncChanges: answer.changes.length };
}

export async function benchCheckIn() {
  const server = await startBuiltServer('check-in', { SEED_DEMO: 'false', SESSION_SECRET });
  const { db, close } = connectDatabase(server.databaseUrl, { max: 2 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const owner = await createUser(db, { userType: 'organizer', fullName: 'Bench Organizer' });
    const guest = await createUser(db, { fullName: 'Bench Guest Person' });
    const event = await createEvent(db, { userId: owner.id, title: 'Bench Door Night' });
    const type = await createTicketType(db, { eventId: event.id, quantity: TICKETS });
    const order = await db.execute<{ id: string }>(sql`
      insert into orders (user_id, status, currency, subtotal_cents, total_cents, paid_at)
      values (${guest.id}, 'paid', 'USD', 0, 0, now()) returning id`);
    const orderId = order.rows[0]?.id;
    const item = await db.execute<{ id: string }>(sql`
      insert into order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents)
      values (${orderId}, ${event.id}, ${type.id}, ${TICKETS}, 0) returning id`);
    const tickets = await db.execute<{ id: string }>(sql`
      insert into tickets (order_id, order_item_id, event_id, ticket_type_id, user_id)
      select ${orderId}, ${item.rows[0]?.id}, ${event.id}, ${type.id}, ${guest.id}
      from generate_series(1, ${TICKETS}::int) returning id`);
    // Seats "S1-Row 37-12" (5 sections of 100 rows of 100 seats) and a short answer on each ticket.
    await db.execute(sql`
      insert into event_seats (event_id, seat_id, order_id, ticket_type_id, ticket_id, claimed_until)
      select ${event.id}, 'S' || (n % 5) || '-Row ' || (n / 5 / 100 + 1) || '-' || (n / 5 % 100 + 1),
        ${orderId}, ${type.id}, id, now()
      from (select id, row_number() over (order by id) - 1 as n from tickets
            where event_id = ${event.id}) numbered`);
    const question = await db.execute<{ id: string }>(sql`
      insert into event_questions (event_id, scope, type, label, show_at_check_in)
      values (${event.id}, 'ticket', 'short_text', 'Dietary needs', true) returning id`);
    await db.execute(sql`
      insert into question_answers (order_id, question_id, ticket_type_id, ordinal, ticket_id, value)
      select ${orderId}, ${question.rows[0]?.id}, ${type.id}, row_number() over (order by id) - 1,
        id, to_jsonb((array['Vegetarian', 'Vegan', 'No nuts', 'Halal'])[1 + (random() * 3)::int])
      from tickets where event_id = ${event.id}`);
    const { token } = await createSession(db, { userId: owner.id, now: new Date() });

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.base }]);
    const page = await context.newPage();
    await page.goto(`${server.base}/check-in`);
    await page
      .getByRole('button', { name: 'Download list' })
      .click({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        process.stderr.write(`${await page.locator('body').innerText()}\n`);
        throw error;
      });
    const started = performance.now();
    const downloaded = page.waitForResponse(
      (r) => /\/api\/door\/events\/[^/]+\/list/.test(r.url()),
      {
        timeout: 120_000,
      },
    );
    await page.getByRole('button', { name: 'Download and start' }).click();
    await page
      .getByTestId('checked-in')
      .filter({ hasText: `0 / ${TICKETS}` })
      .waitFor({ timeout: 120_000 });
    const readyMs = performance.now() - started;
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const downloadBytes = (await (await downloaded).body()).length;
    const sync = await syncAfterChanges(page, db, { eventId: event.id, tickets: tickets.rows });

    const keys = (
      await findEventKeys(db, derivedKey({ SESSION_SECRET }, 'ticket-codes'), [event.id])
    ).get(event.id);
    if (!keys) throw new Error('the list made no event key');
    const step = Math.max(1, Math.floor(tickets.rows.length / SCANS));
    const codes = tickets.rows
      .filter((_, i) => i % step === 0)
      .slice(0, SCANS)
      .map((row) => signedTicketCode(keys, { id: row.id, codeVersion: 0 }));
    await context.setOffline(true);
    const input = page.getByLabel('Ticket code or name');
    const next = page.getByRole('button', { name: 'Next guest' });
    for (const code of codes) {
      await input.fill(code);
      await input.press('Enter');
      await next.click();
    }
    // Scan to verdict, and its parts: the decision (signature, lookup, the scan's write
    // queued), the tone, and the verdict in the page (React's commit).
    const [verdicts = [], decides = [], signals = [], shown = []] = await page.evaluate(() =>
      ['check-in-verdict', 'check-in-decide', 'check-in-signal', 'check-in-verdict-shown'].map(
        (name) => performance.getEntriesByName(name).map((entry) => entry.duration),
      ),
    );
    if (process.env.BENCH_CHECK_IN_PHASES)
      process.stderr.write(`${JSON.stringify({ verdicts, decides, signals, shown })}\n`);
    return {
      tickets: TICKETS,
      readyMs,
      storageMb: usage / 1_000_000,
      scans: verdicts.length,
      p50Ms: percentile(verdicts, 0.5),
      p99Ms: percentile(verdicts, 0.99),
      decideP99Ms: percentile(decides, 0.99),
      shownP50Ms: percentile(shown, 0.5),
      shownP99Ms: percentile(shown, 0.99),
      downloadBytes,
      ...sync,
    };
  } finally {
    await browser.close();
    await close();
    await server.stop();
  }
}
