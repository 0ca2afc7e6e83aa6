import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailCampaignSends, emailSubscribers } from '../../db/schema/marketing';
import type { CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { useMarketingApp, type Who } from './marketing.test-kit';

const { app, call, newList, importRows, sendCampaign, waitForStatus } = useMarketingApp();
let t: TestApp;
let owner: CreatedUser;
beforeAll(() => ({ t, owner } = app));

/** The migration that rewrote one-condition segments (run again on a row written the old way). */
const LEGACY_SEGMENT_MIGRATION = new URL(
  '../../db/migrations/0045_campaign_segment_conditions.sql',
  import.meta.url,
);

describe('segments', () => {
  const sentTo = async (campaignId: string) =>
    (
      await t.db
        .select({ email: emailCampaignSends.email })
        .from(emailCampaignSends)
        .where(eq(emailCampaignSends.campaignId, campaignId))
    )
      .map((s) => s.email)
      .sort();
  const count = (who: Who, listIds: string[], segment?: object | null) =>
    call(who, 'POST', '/api/marketing/segments/count', { listIds, segment });
  const withTier = {
    header: ['Email', 'Full name', 'City', 'Tier'],
    mapping: { email: 0, name: 1, attributes: [2, 3] },
  };

  it("mails only the lists' subscribers whose imported column has the value (any case)", async () => {
    const list = await newList({ name: 'Cities' });
    await importRows(list.id, [
      ['l1@seg.test', 'Lia', 'Lisbon'],
      ['p1@seg.test', 'Pio', 'Porto'],
      ['l2@seg.test', 'Leo', 'LISBON'],
      ['n1@seg.test', 'Nia', ''],
    ]);
    const empty = await call('owner', 'POST', '/api/marketing/email-campaigns', {
      subject: 'x',
      segment: { conditions: [{ field: ' ', operator: 'is', value: 'Lisbon' }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields[0]).toEqual({
      field: 'body.segment.conditions.0.field',
      message: 'Choose a column',
    });

    const segment = {
      match: 'all',
      conditions: [{ field: 'attr.City', operator: 'is', value: 'lisbon' }],
    };
    const campaign = await sendCampaign({
      subject: 'Lisbon only',
      bodyHtml: '<p>Hi {{attr.City}}</p>',
      listIds: [list.id],
      segment,
    });
    await waitForStatus(campaign.id, 'sent');
    expect(await sentTo(campaign.id)).toEqual(['l1@seg.test', 'l2@seg.test']);
    const detail = (
      await call('owner', 'GET', `/api/marketing/email-campaigns/${campaign.id}`)
    ).json();
    expect(detail.segment).toEqual(segment);
  });

  it('with all conditions, reaches exactly the people matching every one; the count agrees', async () => {
    const list = await newList({ name: 'Tiers' });
    const extra = await newList({ name: 'Tiers too' });
    await importRows(
      list.id,
      [
        ['a1@and.test', 'Ana Silva', 'Lisbon', 'VIP'],
        ['a2@and.test', 'Ana Silva', 'Lisbon', 'basic'],
        ['a3@and.test', 'Bo SILVA', 'lisbon', ''],
        ['a4@and.test', 'Ana Silva', 'Porto', 'VIP'],
        ['a5@and.test', 'Ann 50%_off', 'Lisbon', 'VIP'],
        ['a6@and.test', 'Ari Silva', 'Lisbon', 'VIP'],
      ],
      withTier,
    );
    // On both lists: counted and mailed once. Suppressed: neither counted nor mailed.
    await importRows(extra.id, [['a1@and.test', 'Ana Silva', 'Lisbon', 'VIP']], withTier);
    await t.db.execute(
      sql`insert into email_suppressions (owner_id, email, reason) values (${owner.id}, 'a6@and.test', 'unsubscribed')`,
    );
    const listIds = [list.id, extra.id];
    const segment = {
      match: 'all',
      conditions: [
        { field: 'attr.City', operator: 'is', value: 'LISBON' },
        { field: 'attr.Tier', operator: 'is_not', value: 'basic' },
        { field: 'name', operator: 'contains', value: 'silva' },
      ],
    };

    const counted = await count('owner', listIds, segment);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ count: 2, columns: ['City', 'Tier'] });
    // Without a segment: everyone subscribed and not suppressed, once.
    expect((await count('owner', listIds, null)).json().count).toBe(5);
    // LIKE's wildcards are text: "%" matches the one name that has it, not everyone.
    const wildcard = { conditions: [{ field: 'name', operator: 'contains', value: '%' }] };
    expect((await count('owner', listIds, wildcard)).json().count).toBe(1);
    const set = {
      conditions: [
        { field: 'attr.Tier', operator: 'is_set' },
        { field: 'email', operator: 'does_not_contain', value: 'A4@' },
      ],
    };
    expect((await count('owner', listIds, set)).json().count).toBe(3);

    const campaign = await sendCampaign({
      subject: 'Lisbon, not basic, Silva',
      bodyHtml: '<p>Hi</p>',
      listIds,
      segment,
    });
    await waitForStatus(campaign.id, 'sent');
    expect(await sentTo(campaign.id)).toEqual(['a1@and.test', 'a3@and.test']);
  });

  it('with any condition, reaches the people matching at least one, sign-up date included', async () => {
    const list = await newList({ name: 'Any' });
    await importRows(
      list.id,
      [
        ['o1@any.test', 'Old Timer', 'Faro', 'basic'],
        ['o2@any.test', 'Pia', 'Porto', 'basic'],
        ['o3@any.test', 'Quin', 'Braga', ''],
        ['o4@any.test', 'Rui', 'Braga', 'basic'],
      ],
      withTier,
    );
    await t.db
      .update(emailSubscribers)
      .set({ createdAt: new Date('2020-05-01T12:00:00Z') })
      .where(and(eq(emailSubscribers.listId, list.id), eq(emailSubscribers.email, 'o1@any.test')));
    const segment = {
      match: 'any',
      conditions: [
        { field: 'subscribed_at', operator: 'before', value: '2021-01-01' },
        { field: 'attr.City', operator: 'is', value: 'porto' },
        { field: 'attr.Tier', operator: 'is_not_set' },
      ],
    };
    expect((await count('owner', [list.id], segment)).json().count).toBe(3);
    // "After" a day starts the next day (UTC): the 2020 sign-up is not after 2020-05-01.
    const after = {
      conditions: [{ field: 'subscribed_at', operator: 'after', value: '2020-05-01' }],
    };
    expect((await count('owner', [list.id], after)).json().count).toBe(3);

    const campaign = await sendCampaign({
      subject: 'Any of them',
      bodyHtml: '<p>Hi</p>',
      listIds: [list.id],
      segment,
    });
    await waitForStatus(campaign.id, 'sent');
    expect(await sentTo(campaign.id)).toEqual(['o1@any.test', 'o2@any.test', 'o3@any.test']);
  });

  it('counts for the owner and admins only; another person, an attendee and a visitor are refused', async () => {
    const list = await newList({ name: 'Counted' });
    await importRows(list.id, [
      ['k1@count.test', 'K', 'Lisbon'],
      ['k2@count.test', 'L', 'Porto'],
    ]);
    const segment = { conditions: [{ field: 'attr.City', operator: 'is', value: 'Porto' }] };
    expect((await count('owner', [list.id], segment)).json()).toEqual({
      count: 1,
      columns: ['City'],
    });
    expect((await count('admin', [list.id], segment)).json()).toEqual({
      count: 1,
      columns: ['City'],
    });
    const other = await count('other', [list.id], segment);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.details.fields[0].field).toBe('body.listIds');
    expect((await count('attendee', [list.id], segment)).statusCode).toBe(403);
    expect((await count('nobody', [list.id], segment)).statusCode).toBe(401);
    expect((await count('owner', [], segment)).json()).toEqual({ count: 0, columns: [] });
  });

  it('names the field of every bad condition (400, never 500)', async () => {
    const list = await newList({ name: 'Bad input' });
    const cases: [object, string, string][] = [
      [{ listIds: ['nope'] }, 'body.listIds.0', 'Choose a list'],
      [
        { listIds: [list.id], segment: { conditions: [] } },
        'body.segment.conditions',
        'Add a condition',
      ],
      [
        {
          listIds: [list.id],
          segment: {
            conditions: [
              { field: 'name', operator: 'is_set' },
              { field: 'attr.City', operator: 'contains' },
            ],
          },
        },
        'body.segment.conditions.1.value',
        'Enter a value',
      ],
      [
        {
          listIds: [list.id],
          segment: { conditions: [{ field: 'subscribed_at', operator: 'after', value: '31/12' }] },
        },
        'body.segment.conditions.0.value',
        'Enter a date',
      ],
      [
        {
          listIds: [list.id],
          segment: { conditions: [{ field: 'subscribed_at', operator: 'contains', value: '2' }] },
        },
        'body.segment.conditions.0.operator',
        'Choose before or after for a date',
      ],
      [
        { listIds: [list.id], segment: { match: 'most', conditions: 'x' } },
        'body.segment.match',
        'Choose all or any',
      ],
      [{ listIds: [list.id], segment: [1] }, 'body.segment', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('owner', 'POST', '/api/marketing/segments/count', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const first = response.json().error.details.fields[0];
      expect(first.field, JSON.stringify(body)).toBe(field);
      if (message) expect(first.message).toBe(message);
    }
    // The same rules when the segment is saved on a campaign.
    const saved = await call('owner', 'POST', '/api/marketing/email-campaigns', {
      subject: 'x',
      segment: {
        conditions: [
          { field: 'email', operator: 'is_set' },
          { field: 'attr.City', operator: 'is', value: 'A' },
          { field: 'subscribed_at', operator: 'before', value: '2026-02-30' },
        ],
      },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.details.fields[0]).toEqual({
      field: 'body.segment.conditions.2.value',
      message: 'Enter a date',
    });
  });

  it('a campaign saved with the one-condition segment of before is rewritten by the migration and still sends', async () => {
    const list = await newList({ name: 'Legacy' });
    await importRows(list.id, [
      ['g1@legacy.test', 'G', 'Lisbon'],
      ['g2@legacy.test', 'H', 'Porto'],
      ['g3@legacy.test', 'I', ''],
    ]);
    const made = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', {
        subject: 'Legacy',
        bodyHtml: '<p>Hi</p>',
        listIds: [list.id],
      })
    ).json() as { id: string };
    const blank = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', { subject: 'Blank' })
    ).json() as { id: string };
    await t.db.execute(
      sql`update email_campaigns set segment = '{"key":"City","value":"Lisbon"}'::jsonb where id = ${made.id}`,
    );
    await t.db.execute(
      sql`update email_campaigns set segment = '{"key":"City","value":""}'::jsonb where id = ${blank.id}`,
    );
    await t.db.execute(sql.raw(readFileSync(LEGACY_SEGMENT_MIGRATION, 'utf8')));
    const detail = (await call('owner', 'GET', `/api/marketing/email-campaigns/${made.id}`)).json();
    expect(detail.segment).toEqual({
      match: 'all',
      conditions: [{ field: 'attr.City', operator: 'is', value: 'Lisbon' }],
    });
    const blankDetail = (
      await call('owner', 'GET', `/api/marketing/email-campaigns/${blank.id}`)
    ).json();
    expect(blankDetail.segment).toEqual({
      match: 'all',
      conditions: [{ field: 'attr.City', operator: 'is_not_set', value: '' }],
    });
    await call('owner', 'POST', `/api/marketing/email-campaigns/${made.id}/send`, {});
    await waitForStatus(made.id, 'sent');
    expect(await sentTo(made.id)).toEqual(['g1@legacy.test']);
  });
});
