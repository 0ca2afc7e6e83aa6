import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { emailCampaigns } from '../../db/schema/marketing';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// What the marketing API tests share: one app per test file, the people who act in it (signed
// in), and the calls they make.

export type Who = 'owner' | 'other' | 'admin' | 'attendee' | 'nobody';

interface MarketingApp {
  t: TestApp;
  owner: CreatedUser;
  other: CreatedUser;
  cookies: Record<string, string>;
}

/**
 * Starts the app before the file's tests and closes it after them. The owner is an organizer
 * named Olga Owner; `other` another organizer; `admin` an attendee with the admin role. The
 * returned `app` is filled in when the file's tests start.
 */
export function useMarketingApp() {
  const app = { cookies: {} } as MarketingApp;
  beforeAll(async () => {
    app.t = await createTestApp();
    const people = {
      owner: await createUser(app.t.db, { userType: 'organizer', fullName: 'Olga Owner' }),
      other: await createUser(app.t.db, { userType: 'organizer' }),
      admin: await createUser(app.t.db, { userType: 'attendee', roles: ['admin'] }),
      attendee: await createUser(app.t.db, { userType: 'attendee' }),
    };
    app.owner = people.owner;
    app.other = people.other;
    for (const [key, user] of Object.entries(people))
      app.cookies[key] = await app.t.sessionCookie(user);
  });
  afterAll(() => app.t.close());

  const call = (
    who: Who,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.t.app.inject({
      method,
      url,
      payload,
      headers: who === 'nobody' ? {} : { cookie: app.cookies[who] as string },
    });

  async function newList(body: object = {}) {
    const response = await call('owner', 'POST', '/api/marketing/lists', {
      name: 'Fans',
      optIn: 'single',
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  }

  const importRows = (listId: string, rows: string[][], extra: object = {}, who: Who = 'owner') =>
    call(who, 'POST', `/api/marketing/lists/${listId}/import`, {
      header: ['Email', 'Full name', 'City'],
      rows,
      mapping: { email: 0, name: 1, attributes: [2] },
      ...extra,
    });

  async function sendCampaign(body: object) {
    const created = await call('owner', 'POST', '/api/marketing/email-campaigns', body);
    expect(created.statusCode).toBe(201);
    const campaign = created.json() as { id: string };
    const sent = await call(
      'owner',
      'POST',
      `/api/marketing/email-campaigns/${campaign.id}/send`,
      {},
    );
    expect(sent.statusCode).toBe(200);
    return campaign;
  }

  async function waitForStatus(id: string, status: string) {
    return vi.waitFor(
      async () => {
        const [row] = await app.t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
        if (row?.status !== status) throw new Error(`campaign never ${status}`);
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
  }

  return { app, call, newList, importRows, sendCampaign, waitForStatus };
}
