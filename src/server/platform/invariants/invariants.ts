import { sql, type SQL } from 'drizzle-orm';

/**
 * The numbers the product keeps beside the rows they count, each as a SQL query that returns the
 * rows where the two disagree (decision 044). A row is `id` (what to look at), `expected` (what
 * the counted rows say) and `actual` (what is stored), both as text. Every query only reads, so
 * `npm run doctor` can run them on any database; the demo seed's test asserts they all hold.
 *
 * Counters that count nothing kept (funnel step views, help article views, event page views)
 * have no rows to agree with and are not listed. Counts read from rows each time (list
 * subscribers, followers, rating averages, unread counts) cannot disagree and are not listed.
 */
export interface Invariant {
  name: string;
  /** What holds, in a sentence an operator reads in the report. */
  description: string;
  query: SQL;
}

const NOT_VOID = sql`status <> 'void'`;

export const INVARIANTS: Invariant[] = [
  {
    name: 'event_tickets_sold',
    description: "An event's tickets sold (events.total_tickets_sold) is its tickets not void.",
    query: sql`
      select e.id::text as id, coalesce(t.n, 0)::text as expected,
        e.total_tickets_sold::text as actual
      from events e
      left join (select event_id, count(*) as n from tickets where ${NOT_VOID} group by event_id) t
        on t.event_id = e.id
      where e.total_tickets_sold <> coalesce(t.n, 0)`,
  },
  {
    name: 'event_free_and_paid_tickets',
    description:
      "An event's free and paid tickets sold are its tickets not void of free and of priced lines.",
    query: sql`
      with counted as (
        select t.event_id,
          count(*) filter (where i.unit_price_cents = 0) as free,
          count(*) filter (where i.unit_price_cents > 0) as paid
        from tickets t join order_items i on i.id = t.order_item_id
        where t.${NOT_VOID} group by t.event_id
      )
      select e.id::text as id,
        coalesce(c.free, 0) || ' free, ' || coalesce(c.paid, 0) || ' paid' as expected,
        e.free_tickets_sold || ' free, ' || e.paid_tickets_sold || ' paid' as actual
      from events e left join counted c on c.event_id = e.id
      where e.free_tickets_sold <> coalesce(c.free, 0) or e.paid_tickets_sold <> coalesce(c.paid, 0)`,
  },
  {
    name: 'event_signups',
    description:
      "An event's sign-ups (events.signup_count) are the issued orders with free tickets.",
    query: sql`
      with counted as (
        select i.event_id, count(distinct i.order_id) as n
        from order_items i
        where i.unit_price_cents = 0
          and exists (select 1 from tickets t where t.order_item_id = i.id)
        group by i.event_id
      )
      select e.id::text as id, coalesce(c.n, 0)::text as expected, e.signup_count::text as actual
      from events e left join counted c on c.event_id = e.id
      where e.signup_count <> coalesce(c.n, 0)`,
  },
  {
    // Refunds lower earnings by the refunded share of each event's lines, rounded to the cent
    // each time: one half-cent of slack per refund.
    name: 'event_earnings',
    description:
      "An event's earnings (events.earnings) are its lines of issued orders less their refunded share.",
    query: sql`
      with issued as (
        select o.id, o.total_cents, o.refunded_cents,
          (select count(*) from refunds r where r.order_id = o.id) as refunds
        from orders o where exists (select 1 from tickets t where t.order_id = o.id)
          -- An order of products alone issues no ticket but earns (decision 051).
          or o.status in ('paid', 'partially_refunded')
      ), lines as (
        select i.event_id, sum(i.unit_price_cents * i.quantity - i.discount_cents)::numeric as cents,
          o.total_cents, o.refunded_cents, o.refunds
        from order_items i join issued o on o.id = i.order_id
        group by i.event_id, o.id, o.total_cents, o.refunded_cents, o.refunds
      ), earned as (
        select event_id,
          sum(cents - case when total_cents > 0
            then refunded_cents::numeric * cents / total_cents else 0 end) / 100 as amount,
          sum(refunds) as refunds
        from lines group by event_id
      )
      select e.id::text as id, round(coalesce(g.amount, 0), 2)::text as expected,
        e.earnings::text as actual
      from events e left join earned g on g.event_id = e.id
      where abs(e.earnings - greatest(coalesce(g.amount, 0), 0))
        > 0.005 * coalesce(g.refunds, 0) + 0.001`,
  },
  {
    name: 'ticket_type_stock',
    description:
      "A ticket type's stock left (ticket_types.remaining) is its quantity less held, offered and issued tickets.",
    query: sql`
      with held as (
        select ticket_type_id, sum(n) as n from (
          select i.ticket_type_id, sum(i.quantity) as n
          from order_items i join orders o on o.id = i.order_id
          where o.status = 'pending' group by i.ticket_type_id
          -- A waiting-list offer sets its tickets aside until claimed or swept (decision 054).
          union all
          select ticket_type_id, sum(offered_quantity) as n
          from waitlist_entries where status = 'offered' group by ticket_type_id
        ) h group by ticket_type_id
      ), issued as (
        select ticket_type_id, count(*) as n from tickets where ${NOT_VOID} group by ticket_type_id
        -- Products issue no tickets (decision 051): sold is what paid orders hold of them.
        union all
        select i.ticket_type_id, sum(i.quantity) as n
        from order_items i join orders o on o.id = i.order_id
          join ticket_types p on p.id = i.ticket_type_id and p.kind = 'product'
        where o.status in ('paid', 'partially_refunded') group by i.ticket_type_id
      )
      select tt.id::text as id,
        (tt.quantity - coalesce(h.n, 0) - coalesce(s.n, 0))::text as expected,
        tt.remaining::text as actual
      from ticket_types tt
      left join held h on h.ticket_type_id = tt.id
      left join issued s on s.ticket_type_id = tt.id
      where tt.remaining <> tt.quantity - coalesce(h.n, 0) - coalesce(s.n, 0)`,
  },
  {
    name: 'capacity_pool_stock',
    description:
      "A capacity pool's places left (capacity_pools.remaining) are its capacity less what its ticket types have sold or hold.",
    query: sql`
      select p.id::text as id,
        (p.capacity - coalesce(sum(t.quantity - t.remaining), 0))::text as expected,
        p.remaining::text as actual
      from capacity_pools p
      left join capacity_pool_ticket_types m on m.pool_id = p.id
      left join ticket_types t on t.id = m.ticket_type_id
      group by p.id
      having p.remaining <> p.capacity - coalesce(sum(t.quantity - t.remaining), 0)`,
  },
  {
    name: 'paid_orders_have_tickets',
    description: 'A paid ticket order has one ticket per unit of admission it bought.',
    query: sql`
      select o.id::text as id, coalesce(i.n, 0)::text as expected, coalesce(t.n, 0)::text as actual
      from orders o
      left join (
        select oi.order_id, sum(oi.quantity) as n from order_items oi
        join ticket_types tt on tt.id = oi.ticket_type_id and tt.kind = 'admission'
        group by oi.order_id
      ) i on i.order_id = o.id
      left join (select order_id, count(*) as n from tickets group by order_id) t
        on t.order_id = o.id
      where o.kind = 'tickets' and o.status in ('paid', 'partially_refunded')
        and coalesce(i.n, 0) <> coalesce(t.n, 0)`,
  },
  {
    name: 'vendor_fees_paid',
    description:
      'A vendor marked paid for an event has a paid vendor-fee order of theirs for that event.',
    query: sql`
      select v.event_id::text || ' ' || v.vendor_id::text as id,
        'a paid vendor-fee order' as expected,
        coalesce(o.kind || ' order ' || o.status, 'no order') as actual
      from event_vendors v left join orders o on o.id = v.paid_order_id
      where v.payment_status = 'paid'
        and (o.id is null or o.kind <> 'vendor_fee' or o.event_id is distinct from v.event_id
          or o.user_id <> v.vendor_id
          or o.status not in ('paid', 'partially_refunded', 'refunded'))`,
  },
  {
    name: 'discount_code_uses',
    description:
      "A discount code's uses (discount_codes.used_count) are its orders not expired or cancelled.",
    query: sql`
      select d.id::text as id, coalesce(u.n, 0)::text as expected, d.used_count::text as actual
      from discount_codes d
      left join (
        select discount_code_id, count(*) as n from orders
        where discount_code_id is not null and status not in ('expired', 'cancelled')
        group by discount_code_id
      ) u on u.discount_code_id = d.id
      where d.used_count <> coalesce(u.n, 0)`,
  },
  {
    name: 'referral_clicks',
    description: "A referral link's clicks (referrals.clicks) are its counted clicks, tests apart.",
    query: sql`
      select r.id::text as id, coalesce(c.n, 0)::text as expected, r.clicks::text as actual
      from referrals r
      left join (
        select referral_id, count(*) as n from referral_clicks
        where not test and not pending group by referral_id
      ) c on c.referral_id = r.id
      where r.clicks <> coalesce(c.n, 0)`,
  },
  {
    name: 'affiliate_earnings',
    description:
      "An affiliate's earnings over their links are their ledger's commissions less reversals.",
    query: sql`
      with links as (
        select referrer_id, sum(earnings_cents) as cents from referrals group by referrer_id
      ), ledger as (
        select affiliate_id, sum(amount_cents) as cents from affiliate_ledger
        where kind in ('commission', 'reversal') group by affiliate_id
      )
      select a.user_id::text as id, coalesce(g.cents, 0)::text as expected,
        coalesce(l.cents, 0)::text as actual
      from affiliates a
      left join links l on l.referrer_id = a.user_id
      left join ledger g on g.affiliate_id = a.user_id
      where coalesce(l.cents, 0) <> coalesce(g.cents, 0)`,
  },
  {
    name: 'promotion_spend',
    description: "A campaign's spend (promo_campaigns.spent_millicents) is the sum of its days.",
    query: sql`
      select c.id::text as id, coalesce(s.spent, 0)::text as expected,
        c.spent_millicents::text as actual
      from promo_campaigns c
      left join (
        select campaign_id, sum(spend_millicents) as spent from promo_daily_stats
        group by campaign_id
      ) s on s.campaign_id = c.id
      where c.spent_millicents <> coalesce(s.spent, 0)`,
  },
  {
    name: 'promotion_day_spend',
    description:
      "A campaign's spend today (day_spent_millicents) is that day's spend in its report.",
    query: sql`
      select c.id::text as id, coalesce(s.spend_millicents, 0)::text as expected,
        c.day_spent_millicents::text as actual
      from promo_campaigns c
      left join promo_daily_stats s on s.campaign_id = c.id and s.day = c.spend_day
      where c.spend_day is not null and c.day_spent_millicents <> coalesce(s.spend_millicents, 0)`,
  },
  {
    // A view past the budget is recorded for the frequency cap but not charged, so the
    // impressions may be fewer than the recorded views, never more.
    name: 'promotion_impressions',
    description: "A campaign's impressions of a day are no more than the views recorded that day.",
    query: sql`
      select s.campaign_id::text || ' ' || s.day::text as id,
        'at most ' || coalesce(v.n, 0) as expected, s.impressions::text as actual
      from promo_daily_stats s
      left join (
        select campaign_id, day, sum(views) as n from promo_viewer_caps group by campaign_id, day
      ) v on v.campaign_id = s.campaign_id and v.day = s.day
      where s.impressions > coalesce(v.n, 0)`,
  },
  {
    name: 'ride_seats',
    description:
      "An active ride's seats left (rides.seats_left) are its seats less those held or confirmed.",
    query: sql`
      select r.id::text as id, (r.seats - coalesce(b.n, 0))::text as expected,
        r.seats_left::text as actual
      from rides r
      left join (
        select ride_id, sum(seats) as n from ride_bookings
        where status in ('awaiting_payment', 'confirmed') group by ride_id
      ) b on b.ride_id = r.id
      where r.status = 'active' and r.seats_left <> r.seats - coalesce(b.n, 0)`,
  },
  {
    name: 'analytics_rollup',
    description:
      "The analytics rollup's orders and amounts per day and currency are the sold orders' own.",
    query: sql`
      with live as (
        select (paid_at at time zone 'UTC')::date as day, currency, count(*) as orders,
          sum(total_cents) as cents
        from orders
        where status in ('paid', 'partially_refunded', 'refunded') and paid_at is not null
          and (paid_at at time zone 'UTC')::date in (select day from admin_rollup_days)
        group by 1, 2
      )
      select coalesce(r.day, l.day)::text || ' ' || coalesce(r.currency, l.currency) as id,
        coalesce(l.orders, 0) || ' orders, ' || coalesce(l.cents, 0) || ' cents' as expected,
        coalesce(r.orders, 0) || ' orders, ' || coalesce(r.cents, 0) || ' cents' as actual
      from admin_daily_orders r full join live l on l.day = r.day and l.currency = r.currency
      where coalesce(r.orders, 0) <> coalesce(l.orders, 0)
        or coalesce(r.cents, 0) <> coalesce(l.cents, 0)`,
  },
  {
    name: 'profile_name_counts',
    description:
      "The people per full name kept for the user search (profile_name_counts) are the profiles' own.",
    query: sql`
      select coalesce(c.full_name, p.full_name) as id, coalesce(p.n, 0)::text as expected,
        coalesce(c.people, 0)::text as actual
      from profile_name_counts c
      full join (select full_name, count(*) as n from profiles group by full_name) p
        on p.full_name = c.full_name
      where coalesce(c.people, 0) <> coalesce(p.n, 0)`,
  },
  {
    name: 'ride_cells',
    description:
      'Every cell a ride leaves from is in ride_cells (the rides list walks these cells nearest first).',
    query: sql`
      select r.id::text as id, 'its cell in ride_cells' as expected, 'missing' as actual
      from rides r
      where r.departure_lat is not null and not exists (
        select 1 from ride_cells c where c.event_id = r.event_id
          and c.cell_lat = round(r.departure_lat * 100) / 100
          and c.cell_lng = round(r.departure_lng * 100) / 100)`,
  },
];
