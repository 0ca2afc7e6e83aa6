import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../../db/client';
import { seedDemoData } from '../../db/seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkInvariants, formatInvariantReport, runInvariants } from './check';
import { INVARIANTS } from './invariants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { now: t.clock.now() });
}, 120_000);
afterAll(() => t.close());

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows[0] as T;

class Undo extends Error {}

/** Breaks the data in a transaction, reads the report there, and undoes the change. */
async function reportAfter(change: (tx: DbExecutor) => Promise<unknown>) {
  let report: Awaited<ReturnType<typeof runInvariants>> | undefined;
  await t.db
    .transaction(async (tx) => {
      await change(tx);
      report = await runInvariants(tx);
      throw new Undo();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Undo)) throw error;
    });
  if (!report) throw new Error('no report');
  return report;
}

describe('invariants on the demo seed', () => {
  it('all hold after the whole demo seed', async () => {
    const report = await checkInvariants(t.db);
    expect(report.failed.map((r) => ({ name: r.name, examples: r.examples }))).toEqual([]);
    expect(report.results.map((r) => r.name)).toEqual(INVARIANTS.map((i) => i.name));
    expect(formatInvariantReport(report)).toContain(`All ${INVARIANTS.length} invariants hold.`);
  });

  it('counts the demo tickets on their events and shows the live campaigns their views', async () => {
    const harbour = await one<{ sold: number; tickets: number }>(sql`
      select e.total_tickets_sold as sold,
        (select count(*)::int from tickets t where t.event_id = e.id) as tickets
      from events e where e.title = 'Harbour Lights Night Market'`);
    expect(harbour).toEqual({ sold: 4, tickets: 4 });
    const { rows: campaigns } = await t.db.execute<{ impressions: number }>(sql`
      select coalesce(sum(s.impressions), 0)::int as impressions
      from promo_campaigns c left join promo_daily_stats s on s.campaign_id = c.id
      group by c.id`);
    expect(campaigns.length).toBeGreaterThan(0);
    for (const campaign of campaigns) expect(campaign.impressions).toBeGreaterThan(0);
    const link = await one<{ clicks: number; conversions: number; earnings: number }>(sql`
      select clicks, conversions, earnings_cents as earnings from referrals`);
    expect(link.clicks).toBe(42);
    expect(link.conversions).toBe(3);
    expect(link.earnings).toBeGreaterThan(0);
    // A funnel's opt-ins are counted without rows; the demo's are the people who joined by it.
    const funnel = await one<{ optIns: number; joined: number }>(sql`
      select (select sum(conversions)::int from funnel_step_stats s where s.funnel_id = f.id)
          as "optIns",
        (select count(*)::int from email_subscribers e
          where e.list_id = f.list_id and e.source = 'funnel') as joined
      from funnels f where f.slug = 'spring-launch'`);
    expect(funnel.joined).toBeGreaterThan(0);
    expect(funnel.optIns).toBe(funnel.joined);
  });

  it('stays read-only: the doctor’s transaction refuses a write', async () => {
    await expect(
      t.db.transaction(async (tx) => tx.execute(sql`update events set earnings = 0`), {
        accessMode: 'read only',
      }),
    ).rejects.toThrow();
  });
});

// Each invariant broken on purpose, by the stored number or by the rows it counts.
const ids = {
  event: sql`(select id from events where title = 'Harbour Lights Night Market')`,
  paidEvent: sql`(select event_id from order_items where unit_price_cents > 0 limit 1)`,
  type: sql`(select ticket_type_id from tickets limit 1)`,
  campaign: sql`(select id from promo_campaigns order by id limit 1)`,
  pool: sql`(select id from capacity_pools order by id limit 1)`,
};

const breaks: Record<string, { change: ReturnType<typeof sql>; id: ReturnType<typeof sql> }> = {
  event_tickets_sold: {
    change: sql`update events set total_tickets_sold = total_tickets_sold + 1 where id = ${ids.event}`,
    id: ids.event,
  },
  event_free_and_paid_tickets: {
    change: sql`update events set free_tickets_sold = free_tickets_sold + 1 where id = ${ids.event}`,
    id: ids.event,
  },
  event_signups: {
    change: sql`update events set signup_count = 0 where id = ${ids.event}`,
    id: ids.event,
  },
  event_earnings: {
    change: sql`update events set earnings = earnings + 1 where id = ${ids.paidEvent}`,
    id: ids.paidEvent,
  },
  capacity_pool_stock: {
    change: sql`update capacity_pools set capacity = capacity + 1 where id = ${ids.pool}`,
    id: ids.pool,
  },
  ticket_type_stock: {
    change: sql`update ticket_types set remaining = remaining - 1 where id = ${ids.type}`,
    id: ids.type,
  },
  paid_orders_have_tickets: {
    change: sql`delete from tickets where id = (
      select t.id from tickets t join orders o on o.id = t.order_id
      where o.id = (select id from orders where payment_ref = 'seed-affiliate-0') limit 1)`,
    id: sql`(select id from orders where payment_ref = 'seed-affiliate-0')`,
  },
  vendor_fees_paid: {
    change: sql`update event_vendors set payment_status = 'paid'
      where vendor_id = (select vendor_id from event_vendors where vendor_fee_amount is not null limit 1)`,
    id: sql`(select event_id::text || ' ' || vendor_id::text from event_vendors
      where vendor_fee_amount is not null limit 1)`,
  },
  discount_code_uses: {
    change: sql`insert into discount_codes (id, event_id, code, kind, amount, used_count)
      values ('00000000-0000-4000-8000-00000000d15c', ${ids.event}, 'BROKEN', 'percent', 10, 2)`,
    id: sql`'00000000-0000-4000-8000-00000000d15c'::uuid`,
  },
  referral_clicks: {
    change: sql`update referrals set clicks = clicks + 1`,
    id: sql`(select id from referrals limit 1)`,
  },
  affiliate_earnings: {
    change: sql`update referrals set earnings_cents = earnings_cents + 5`,
    id: sql`(select user_id from affiliates limit 1)`,
  },
  promotion_spend: {
    change: sql`update promo_campaigns set spent_millicents = spent_millicents - 1 where id = ${ids.campaign}`,
    id: ids.campaign,
  },
  promotion_day_spend: {
    change: sql`update promo_campaigns set day_spent_millicents = day_spent_millicents - 1 where id = ${ids.campaign}`,
    id: ids.campaign,
  },
  promotion_impressions: {
    change: sql`update promo_daily_stats set impressions = impressions + 10000
      where campaign_id = ${ids.campaign}`,
    id: sql`(select ${ids.campaign}::text || ' ' || min(day)::text from promo_daily_stats
      where campaign_id = ${ids.campaign})`,
  },
  ride_seats: {
    change: sql`update rides set seats_left = seats_left - 1 where id = (select id from rides order by id limit 1)`,
    id: sql`(select id from rides order by id limit 1)`,
  },
  analytics_rollup: {
    change: sql`with d as (insert into admin_rollup_days (day) values ('2001-01-01') returning day)
      insert into admin_daily_orders (day, currency, orders, cents) values ('2001-01-01', 'USD', 1, 500)`,
    id: sql`'2001-01-01 USD'`,
  },
  profile_name_counts: {
    change: sql`update profile_name_counts set people = people + 1
      where full_name = (select min(full_name) from profiles)`,
    id: sql`(select min(full_name) from profiles)`,
  },
  ride_cells: {
    change: sql`delete from ride_cells c using (select event_id, departure_lat, departure_lng
        from rides where departure_lat is not null order by id limit 1) r
      where c.event_id = r.event_id and c.cell_lat = round(r.departure_lat * 100) / 100
        and c.cell_lng = round(r.departure_lng * 100) / 100`,
    id: sql`(select id from rides where departure_lat is not null order by id limit 1)`,
  },
};

describe('each invariant, broken on purpose, is reported', () => {
  it('has a break for every invariant', () => {
    expect(Object.keys(breaks).sort()).toEqual(INVARIANTS.map((i) => i.name).sort());
  });

  for (const [name, broken] of Object.entries(breaks))
    it(name, async () => {
      const { id } = await one<{ id: string }>(sql`select ${broken.id}::text as id`);
      expect(id).toBeTruthy();
      const report = await reportAfter((tx) => tx.execute(broken.change));
      const result = report.results.find((r) => r.name === name);
      expect(result?.violations).toBeGreaterThanOrEqual(1);
      expect(result?.examples.map((e) => e.id)).toContain(id);
      expect(formatInvariantReport(report)).toContain(`FAIL  ${name}:`);
    });
});

/** `npm run doctor` on this test's database: its output and exit code. */
function runDoctor(databaseUrl: string, args: string[] = []) {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        path.join(root, 'scripts/lingui-register.mjs'),
        path.join(root, 'src/server/cli/doctor.ts'),
        ...args,
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('npm run doctor', () => {
  it('reports every invariant holding, exit code 0', async () => {
    const { code, out } = await runDoctor(t.databaseUrl);
    expect(out).toContain('(read-only)');
    expect(out).toContain(`All ${INVARIANTS.length} invariants hold.`);
    expect(code).toBe(0);
  }, 60_000);

  it('reports what does not hold with counts and example ids, changes nothing, exit code 1', async () => {
    const { id } = await one<{ id: string }>(sql`
      update events set total_tickets_sold = total_tickets_sold + 3
      where title = 'Harbour Lights Night Market' returning id::text`);
    try {
      const { code, out } = await runDoctor(t.databaseUrl);
      expect(out).toContain('FAIL  event_tickets_sold:');
      expect(out).toContain(`${id}: expected 4, stored 7`);
      expect(out).toContain(`1 of ${INVARIANTS.length} invariants do not hold.`);
      expect(code).toBe(1);
      const json = await runDoctor(t.databaseUrl, ['--json']);
      const report = JSON.parse(json.out) as { failed: { name: string; violations: number }[] };
      expect(report.failed).toEqual([
        expect.objectContaining({ name: 'event_tickets_sold', violations: 1 }),
      ]);
      const after = await one<{ sold: number }>(
        sql`select total_tickets_sold as sold from events where id = ${id}`,
      );
      expect(after.sold).toBe(7);
    } finally {
      await t.db.execute(sql`update events set total_tickets_sold = 4 where id = ${id}`);
    }
  }, 60_000);
});
