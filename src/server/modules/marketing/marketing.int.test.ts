import { describe, expect, it } from 'vitest';
import { useMarketingApp } from './marketing.test-kit';

// Who may reach the rows of every area at once; what each area does is tested in its own file.

const { call, newList, importRows } = useMarketingApp();

describe('who may use lists, campaigns and funnels', () => {
  it('gives the owner and admins access, refuses other people and visitors', async () => {
    const list = await newList();
    const campaign = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', {
        subject: 'Hi',
        listIds: [list.id],
      })
    ).json() as { id: string };
    const funnel = (
      await call('owner', 'POST', '/api/marketing/funnels', {
        name: 'Launch',
        slug: 'access-check',
      })
    ).json() as { id: string };
    const urls = [
      `/api/marketing/lists/${list.id}`,
      `/api/marketing/lists/${list.id}/subscribers`,
      `/api/marketing/lists/${list.id}/export.csv`,
      `/api/marketing/email-campaigns/${campaign.id}`,
      `/api/marketing/funnels/${funnel.id}`,
      `/api/marketing/funnels/${funnel.id}/report`,
    ];
    for (const url of urls) {
      expect((await call('owner', 'GET', url)).statusCode, url).toBe(200);
      expect((await call('admin', 'GET', url)).statusCode, url).toBe(200);
      expect((await call('other', 'GET', url)).statusCode, url).toBe(404);
      expect((await call('attendee', 'GET', url)).statusCode, url).toBe(403);
      expect((await call('nobody', 'GET', url)).statusCode, url).toBe(401);
    }
    expect(
      (await call('other', 'PATCH', `/api/marketing/lists/${list.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call('other', 'DELETE', `/api/marketing/email-campaigns/${campaign.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('other', 'POST', `/api/marketing/funnels/${funnel.id}/publish`)).statusCode,
    ).toBe(404);
    expect((await importRows(list.id, [['a@b.test', 'A', 'X']], {}, 'other')).statusCode).toBe(404);
    expect(
      (await call('attendee', 'POST', '/api/marketing/lists', { name: 'Mine' })).statusCode,
    ).toBe(403);
    // Another person's list cannot be the target of my campaign.
    const theirs = await call('other', 'POST', '/api/marketing/email-campaigns', {
      subject: 'Hi',
      listIds: [list.id],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.details.fields[0].field).toBe('body.listIds');
  });
});
