import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_SHEETS } from '../../../contracts/badge-layout';
import type { BadgeTemplate, BadgeTemplateList } from '../../../contracts/badges';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import type { TeamRole } from '../../../contracts/teams';
import { eventQuestions, questionAnswers } from '../../db/schema/questions';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { joinTeam } from '../../test/team-member';
import { createTestApp, type TestApp } from '../../test/test-app';

// Badge templates and printed badges: who may edit and print, the fields' errors, and the PDF's
// pages for one guest, everyone and a filter.

let t: TestApp;
let cookies: Record<'owner' | 'other' | 'admin', string>;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  const owner = await createUser(t.db, { userType: 'organizer', fullName: 'Nia Festival' });
  ownerId = owner.id;
  cookies = {
    owner: await t.sessionCookie(owner),
    other: await t.sessionCookie(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.sessionCookie(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t?.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const teamMember = async (role: TeamRole) => (await joinTeam(t, cookies.owner, role)).cookie;

/** An event with guests sold at the door (named), two types, and a "Company" question. */
async function eventWithGuests() {
  const event = await createEvent(t.db, {
    userId: ownerId,
    title: `Badge Conf ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: t.clock.now(),
  });
  const general = await createTicketType(t.db, {
    eventId: event.id,
    quantity: 100,
    priceCents: 2500,
    name: 'General',
  });
  const speaker = await createTicketType(t.db, {
    eventId: event.id,
    quantity: 10,
    priceCents: 0,
    name: 'Speaker',
  });
  const [company] = await t.db
    .insert(eventQuestions)
    .values({ eventId: event.id, scope: 'ticket', type: 'short_text', label: 'Company' })
    .returning();
  const sell = async (name: string, typeId: string) => {
    const response = await call(
      'owner',
      'POST',
      `/api/door/events/${event.id}/box-office/sales`,
      { items: [{ ticketTypeId: typeId, quantity: 1 }], method: 'complimentary', buyerName: name },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BoxOfficeSale>();
  };
  const zoe = await sell('Zoë Zimmermann', general.id);
  const amal = await sell('أمل حداد', general.id);
  const bo = await sell('Bo Chen 陈波', speaker.id);
  const zoeTicket = zoe.tickets[0]?.id ?? '';
  await t.db.insert(questionAnswers).values({
    orderId: zoe.orderId,
    questionId: company?.id ?? '',
    ticketTypeId: general.id,
    ticketId: zoeTicket,
    value: 'Harbour Ltd',
  });
  return { event, general, speaker, company, zoeTicket, amalTicket: amal.tickets[0]?.id, bo };
}

const template = (overrides: object = {}) => ({
  name: 'Conference badges',
  size: 'a4_8',
  subtitleQuestionId: null,
  showTicketType: true,
  showQr: true,
  showLogo: false,
  ...overrides,
});

const pagesOf = async (body: Buffer) => (await PDFDocument.load(body)).getPages();

describe('badge templates', () => {
  it('are edited by the organizer, admins and managers; door staff read them; others are refused', async () => {
    const { event, company } = await eventWithGuests();
    const url = `/api/badges/events/${event.id}/templates`;
    const created = await call('owner', 'POST', url, template({ subtitleQuestionId: company?.id }));
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json<BadgeTemplate>();
    expect(saved).toMatchObject({
      eventId: event.id,
      size: 'a4_8',
      subtitleQuestionId: company?.id,
    });

    const checkIn = await teamMember('check_in');
    const manager = await teamMember('manager');
    const statuses = async (method: 'GET' | 'POST', path: string, body?: object) => [
      (await call('admin', method, path, body)).statusCode,
      (await call({ cookie: manager }, method, path, body)).statusCode,
      (await call({ cookie: checkIn }, method, path, body)).statusCode,
      (await call('other', method, path, body)).statusCode,
      (await call('signedOut', method, path, body)).statusCode,
    ];
    expect(await statuses('GET', url)).toEqual([200, 200, 200, 403, 401]);
    expect(await statuses('POST', url, template())).toEqual([200, 200, 403, 403, 401]);
    const list = (await call({ cookie: checkIn }, 'GET', url)).json<BadgeTemplateList>();
    expect(list.templates).toHaveLength(3);
    expect(list.questions).toEqual([{ id: company?.id, label: 'Company' }]);
    expect(list.hasLogo).toBe(false);

    const one = `/api/badges/templates/${saved.id}`;
    const changed = template({ name: 'Desk labels', size: 'label_4x3' });
    expect((await call({ cookie: checkIn }, 'PUT', one, changed)).statusCode).toBe(403);
    expect((await call('other', 'PUT', one, changed)).statusCode).toBe(403);
    const put = await call('owner', 'PUT', one, changed);
    expect(put.json<BadgeTemplate>()).toMatchObject({ name: 'Desk labels', size: 'label_4x3' });
    expect((await call('other', 'DELETE', one)).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', one)).statusCode).toBe(200);
    expect((await call('owner', 'PUT', one, changed)).statusCode).toBe(404);
  });

  it('refuses bad templates naming the field', async () => {
    const { event } = await eventWithGuests();
    const other = await eventWithGuests();
    const url = `/api/badges/events/${event.id}/templates`;
    const field = async (body: object) => {
      const response = await call('owner', 'POST', url, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ error: { details: { fields: { field: string }[] } } }>().error.details
        .fields[0]?.field;
    };
    expect(await field(template({ name: '  ' }))).toBe('body.name');
    expect(await field(template({ size: 'poster' }))).toBe('body.size');
    expect(await field(template({ subtitleQuestionId: 'nope' }))).toBe('body.subtitleQuestionId');
    // Another event's question is no question of this event.
    expect(await field(template({ subtitleQuestionId: other.company?.id }))).toBe(
      'body.subtitleQuestionId',
    );
  });
});

describe('printed badges', () => {
  it('prints everyone on A4 sheets, a filter, and one guest on a label, for door staff too', async () => {
    const { event, speaker, zoeTicket, company } = await eventWithGuests();
    const sheet = (
      await call(
        'owner',
        'POST',
        `/api/badges/events/${event.id}/templates`,
        template({ subtitleQuestionId: company?.id }),
      )
    ).json<BadgeTemplate>();
    const label = (
      await call(
        'owner',
        'POST',
        `/api/badges/events/${event.id}/templates`,
        template({ size: 'label_4x3', showLogo: true }),
      )
    ).json<BadgeTemplate>();

    const all = await call('owner', 'GET', `/api/badges/templates/${sheet.id}/pdf`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe('application/pdf');
    expect(all.headers['x-badge-count']).toBe('3');
    const pages = await pagesOf(all.rawPayload);
    // Three badges fit one sheet of eight, on A4.
    expect(pages).toHaveLength(1);
    expect(pages[0]?.getSize().width).toBeCloseTo(BADGE_SHEETS.a4_8.page[0], 1);

    const speakers = await call(
      'owner',
      'GET',
      `/api/badges/templates/${sheet.id}/pdf?types=${speaker.id}`,
    );
    expect(speakers.headers['x-badge-count']).toBe('1');
    const named = await call('owner', 'GET', `/api/badges/templates/${sheet.id}/pdf?q=zoë`);
    expect(named.headers['x-badge-count']).toBe('1');
    const checkedIn = await call(
      'owner',
      'GET',
      `/api/badges/templates/${sheet.id}/pdf?checkedIn=true`,
    );
    expect(checkedIn.statusCode).toBe(404);

    // At the desk: one guest on a label, by the check-in staff; the logo is left out (none set).
    const desk = await teamMember('check_in');
    const one = await call(
      { cookie: desk },
      'GET',
      `/api/badges/templates/${label.id}/pdf?ticket=${zoeTicket}`,
    );
    expect(one.statusCode, one.body).toBe(200);
    const [labelPage] = await pagesOf(one.rawPayload);
    expect(labelPage?.getSize()).toEqual({ width: 288, height: 216 });

    expect((await call('other', 'GET', `/api/badges/templates/${label.id}/pdf`)).statusCode).toBe(
      403,
    );
    expect(
      (await call('signedOut', 'GET', `/api/badges/templates/${label.id}/pdf`)).statusCode,
    ).toBe(401);
    const stranger = await call(
      'owner',
      'GET',
      `/api/badges/templates/${label.id}/pdf?ticket=${randomUUID()}`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe("This ticket is not on this event's list");
    const badTypes = await call('owner', 'GET', `/api/badges/templates/${label.id}/pdf?types=nope`);
    expect(badTypes.statusCode).toBe(400);
  });

  it('fills more sheets as guests grow: nine badges of eight to a page make two pages', async () => {
    const { event, general } = await eventWithGuests();
    for (let i = 0; i < 6; i += 1) {
      const sold = await call(
        'owner',
        'POST',
        `/api/door/events/${event.id}/box-office/sales`,
        {
          items: [{ ticketTypeId: general.id, quantity: 1 }],
          method: 'complimentary',
          buyerName: `Guest ${i}`,
        },
        { 'idempotency-key': randomUUID() },
      );
      expect(sold.statusCode, sold.body).toBe(200);
    }
    const sheet = (
      await call('owner', 'POST', `/api/badges/events/${event.id}/templates`, template())
    ).json<BadgeTemplate>();
    const all = await call('owner', 'GET', `/api/badges/templates/${sheet.id}/pdf`);
    expect(all.headers['x-badge-count']).toBe('9');
    expect(await pagesOf(all.rawPayload)).toHaveLength(2);
  });
});
