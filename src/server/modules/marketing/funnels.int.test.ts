import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailSubscribers } from '../../db/schema/marketing';
import { createEvent, type CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { useMarketingApp } from './marketing.test-kit';

const { app, call, newList } = useMarketingApp();
let t: TestApp;
let owner: CreatedUser;
beforeAll(() => ({ t, owner } = app));

describe('funnels', () => {
  it('keeps the live page until republished, checks slugs, and feeds its opt-in list', async () => {
    const event = await createEvent(t.db, { userId: owner.id, title: 'Launch Night' });
    const list = await newList({ name: 'Funnel list' });
    const created = await call('owner', 'POST', '/api/marketing/funnels', {
      name: 'Launch',
      slug: 'Launch-Night',
      template: 'event_launch',
      eventId: event.id,
      listId: list.id,
    });
    expect(created.statusCode).toBe(201);
    const funnel = created.json();
    expect(funnel.slug).toBe('launch-night');
    expect(
      (await call('nobody', 'GET', '/api/marketing/public/funnels/launch-night')).statusCode,
    ).toBe(404);

    const taken = await call('other', 'POST', '/api/marketing/funnels', {
      name: 'X',
      slug: 'launch-night',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fields[0]).toEqual({
      field: 'body.slug',
      message: 'This address is already taken',
    });
    const reserved = await call('other', 'POST', '/api/marketing/funnels', {
      name: 'X',
      slug: 'admin',
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.details.fields[0].field).toBe('body.slug');

    expect(
      (await call('owner', 'POST', `/api/marketing/funnels/${funnel.id}/publish`)).statusCode,
    ).toBe(200);
    const draft = structuredClone(funnel.draft);
    draft.steps[0].page.content[0].props.title = 'Changed in the draft';
    draft.steps[0].page.content.push({
      type: 'RichText',
      props: { html: '<p>ok</p><img src=x onerror=alert(1)>' },
    });
    const saved = await call('owner', 'PATCH', `/api/marketing/funnels/${funnel.id}`, { draft });
    expect(saved.statusCode).toBe(200);
    expect(JSON.stringify(saved.json().draft)).not.toContain('onerror');

    const live = (await call('nobody', 'GET', '/api/marketing/public/funnels/launch-night')).json();
    expect(live.document.steps[0].page.content[0].props.title).toBe('Launch Night');
    expect(live.events).toEqual([expect.objectContaining({ id: event.id, title: 'Launch Night' })]);
    await call('owner', 'POST', `/api/marketing/funnels/${funnel.id}/publish`);
    const republished = (
      await call('nobody', 'GET', '/api/marketing/public/funnels/launch-night')
    ).json();
    expect(republished.document.steps[0].page.content[0].props.title).toBe('Changed in the draft');

    expect(
      (await call('nobody', 'POST', '/api/marketing/public/funnels/launch-night/view', { step: 0 }))
        .statusCode,
    ).toBe(202);
    const optIn = await call(
      'nobody',
      'POST',
      '/api/marketing/public/funnels/launch-night/opt-in',
      {
        email: 'visitor@funnel.test',
        step: 0,
      },
    );
    expect(optIn.statusCode).toBe(202);
    expect(optIn.json().result).toBe('subscribed');
    const [row] = await t.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, 'visitor@funnel.test'));
    expect(row).toMatchObject({ listId: list.id, status: 'subscribed', source: 'funnel' });
    const report = (
      await call('owner', 'GET', `/api/marketing/funnels/${funnel.id}/report`)
    ).json();
    expect(report.steps[0]).toMatchObject({ step: 0, views: 1, conversions: 1 });
    expect(
      (await call('nobody', 'POST', '/api/marketing/public/funnels/launch-night/view', { step: 9 }))
        .statusCode,
    ).toBe(400);
  });
});
