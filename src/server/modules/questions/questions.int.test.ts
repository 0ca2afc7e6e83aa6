import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAnswers, Question, TicketAnswers } from '../../../contracts/questions';
import type { Order } from '../../../contracts/tickets';
import { questionAnswers } from '../../db/schema/questions';
import { ticketTypes } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { acceptLanguage, requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';

let t: TestApp;
let owner: CreatedUser;
type Who = 'owner' | 'buyer' | 'other' | 'admin';
let cookies: Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp(process.env.T1_DEBUG ? { env: { LOG_LEVEL: 'error' } } : undefined);
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  const buyer = await createUser(t.db, { userType: 'attendee', fullName: 'Ada Obi' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(buyer),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

async function festival(priceCents = 2500) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Soul Weekend ${randomUUID().slice(0, 6)}`,
    isFree: priceCents === 0,
    createdAt: t.clock.now(),
  });
  const general = await createTicketType(t.db, { eventId: event.id, priceCents, quantity: 20 });
  const vip = await createTicketType(t.db, {
    eventId: event.id,
    name: 'VIP',
    priceCents,
    quantity: 20,
  });
  return { event, general, vip };
}

async function ask(eventId: string, input: object, who: Sender<Who> = 'owner') {
  const response = await call(who, 'POST', `/api/events/${eventId}/questions`, input);
  return { response, question: response.json<Question>() };
}

/** Company per order; per VIP ticket a size; per ticket "dietary needs?" then "which?". */
async function questionnaire(eventId: string, vipId: string) {
  const company = (await ask(eventId, { scope: 'order', type: 'short_text', label: 'Company' }))
    .question;
  const size = (
    await ask(eventId, {
      scope: 'ticket',
      type: 'single_choice',
      label: 'T-shirt size',
      required: true,
      options: ['S', 'M', 'L'],
      ticketTypeIds: [vipId],
    })
  ).question;
  const dietary = (
    await ask(eventId, { scope: 'ticket', type: 'checkbox', label: 'Any dietary needs?' })
  ).question;
  const which = (
    await ask(eventId, {
      scope: 'ticket',
      type: 'short_text',
      label: 'If yes, which?',
      required: true,
      conditionQuestionId: dietary.id,
      conditionValues: ['true'],
    })
  ).question;
  return { company, size, dietary, which };
}

const order = (who: Sender<Who>, payload: object, key?: string, language?: string) =>
  call(who, 'POST', '/api/orders', payload, {
    ...acceptLanguage(language),
    ...(key ? { 'idempotency-key': key } : {}),
  });

const sessionOf = (o: Order) => o.checkoutUrl?.split('/pay/')[1] ?? 'none';
const pay = (o: Order, cardNumber = '4242 4242 4242 4242') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${sessionOf(o)}/pay`,
    payload: { name: 'Ada Obi', cardNumber, expiry: '12/30', cvc: '123' },
  });

describe('the questions builder', () => {
  it('lets the owner and an admin manage questions; others are refused', async () => {
    const { event } = await festival();
    const input = { scope: 'order', type: 'short_text', label: 'Company' };
    expect((await ask(event.id, input, 'signedOut')).response.statusCode).toBe(401);
    expect((await ask(event.id, input, 'other')).response.statusCode).toBe(403);
    expect((await ask(event.id, input, 'buyer')).response.statusCode).toBe(403);
    const mine = await ask(event.id, input, 'owner');
    expect(mine.response.statusCode).toBe(201);
    expect((await ask(event.id, { ...input, label: 'VAT' }, 'admin')).response.statusCode).toBe(
      201,
    );
    const list = await call('owner', 'GET', `/api/events/${event.id}/questions`);
    expect(list.json().questions.map((q: Question) => [q.label, q.position])).toEqual([
      ['Company', 0],
      ['VAT', 1],
    ]);
    for (const who of ['other', 'buyer'] as const) {
      expect((await call(who, 'GET', `/api/events/${event.id}/questions`)).statusCode).toBe(403);
      const edit = await call(who, 'PATCH', `/api/questions/${mine.question.id}`, input);
      expect(edit.statusCode).toBe(403);
      const gone = await call(who, 'DELETE', `/api/questions/${mine.question.id}`);
      expect(gone.statusCode).toBe(403);
    }
    const moved = await call('owner', 'POST', `/api/questions/${mine.question.id}/move`, {
      direction: 'down',
    });
    expect(moved.json().questions.map((q: Question) => q.label)).toEqual(['VAT', 'Company']);
    const deleted = await call('owner', 'DELETE', `/api/questions/${mine.question.id}`);
    expect(deleted.statusCode).toBe(200);
  });

  it('names the field of every problem with a question', async () => {
    const { event } = await festival();
    const other = await festival();
    const bad = await ask(event.id, {
      scope: 'ticket',
      type: 'single_choice',
      label: ' ',
      options: ['Only one'],
    });
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json().error.details.fields).toEqual(
      expect.arrayContaining([
        { field: 'body.label', message: 'Please enter the question' },
        { field: 'body.options', message: 'Please add at least two options' },
      ]),
    );
    const foreign = await ask(event.id, {
      scope: 'ticket',
      type: 'short_text',
      label: 'Name',
      ticketTypeIds: [other.general.id],
    });
    expect(foreign.response.json().error.details.fields).toEqual([
      { field: 'body.ticketTypeIds', message: 'Please choose ticket types of this event' },
    ]);
    const perTicket = (await ask(event.id, { scope: 'ticket', type: 'checkbox', label: 'Vegan?' }))
      .question;
    // A per-order question cannot wait on a per-ticket answer.
    const wider = await ask(event.id, {
      scope: 'order',
      type: 'short_text',
      label: 'Which?',
      conditionQuestionId: perTicket.id,
      conditionValues: ['true'],
    });
    expect(wider.response.json().error.details.fields).toEqual([
      {
        field: 'body.conditionQuestionId',
        message: 'Please choose a question asked before this one',
      },
    ]);
    const spanish = await call(
      'owner',
      'POST',
      `/api/events/${event.id}/questions`,
      { scope: 'order', type: 'short_text', label: '' },
      acceptLanguage('es'),
    );
    expect(spanish.json().error.code).toBe('VALIDATION_FAILED');
    expect(spanish.json().error.message).toBe('Escriba la pregunta');
  });
});

describe('answers at checkout', () => {
  it('refuses missing and wrong answers field by field, and holds nothing', async () => {
    const { event, general, vip } = await festival();
    const q = await questionnaire(event.id, vip.id);
    const items = [
      { ticketTypeId: general.id, quantity: 1 },
      { ticketTypeId: vip.id, quantity: 1 },
    ];
    const refused = await order('buyer', {
      items,
      answers: {
        order: { [q.company.id]: 'x'.repeat(201) },
        tickets: [
          { ticketTypeId: general.id, answers: { [q.dietary.id]: true } },
          { ticketTypeId: vip.id, answers: { [q.size.id]: 'XXL' } },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    // Every problem at once, each under its field.
    const fields = refused.json().error.details.fields;
    expect(fields).toHaveLength(3);
    expect(fields).toEqual(
      expect.arrayContaining([
        {
          field: `body.answers.order.${q.company.id}`,
          message: 'Please use 200 characters or fewer',
        },
        {
          field: `body.answers.tickets.${general.id}.0.${q.which.id}`,
          message: 'Please answer this question',
        },
        {
          field: `body.answers.tickets.${vip.id}.0.${q.size.id}`,
          message: 'Please choose one of the options',
        },
      ]),
    );
    const orders = await call('buyer', 'GET', '/api/me/orders');
    expect(orders.json().orders.filter((o: Order) => o.items[0]?.eventId === event.id)).toEqual([]);
    const french = await order(
      'buyer',
      { items: [{ ticketTypeId: vip.id, quantity: 1 }] },
      undefined,
      'fr',
    );
    expect(french.json().error.code).toBe('VALIDATION_FAILED');
    expect(french.json().error.details.fields[0].message).toBe(
      'Veuillez répondre à cette question',
    );
  });

  it('says sold out before checking the answers once the type was seen sold out', async () => {
    const { event, general, vip } = await festival();
    const q = await questionnaire(event.id, vip.id);
    await t.db
      .update(ticketTypes)
      .set({ quantity: 1, remaining: 1 })
      .where(eq(ticketTypes.id, general.id));
    const items = [{ ticketTypeId: general.id, quantity: 1 }];
    const fine = { order: {}, tickets: [{ ticketTypeId: general.id, answers: {} }] };
    // "Any dietary needs?" ticked without saying which.
    const wrong = {
      order: {},
      tickets: [{ ticketTypeId: general.id, answers: { [q.dietary.id]: true } }],
    };
    expect((await order('buyer', { items, answers: fine })).statusCode).toBe(201);
    // The hold finds it gone, and the server remembers that.
    expect((await order('other', { items, answers: fine })).statusCode).toBe(409);
    const soldOut = await order('other', { items, answers: wrong });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.details).toMatchObject({ ticketTypeId: general.id, remaining: 0 });
    // A ticket back on sale: the answers are checked first again, and a refused one holds nothing.
    await t.db
      .update(ticketTypes)
      .set({ quantity: 2, remaining: 1 })
      .where(eq(ticketTypes.id, general.id));
    const refused = await order('other', { items, answers: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields).toEqual([
      {
        field: `body.answers.tickets.${general.id}.0.${q.which.id}`,
        message: 'Please answer this question',
      },
    ]);
    const [left] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, general.id));
    expect(left?.remaining).toBe(1);
    expect((await order('other', { items, answers: fine })).statusCode).toBe(201);
  });

  it('keeps the answers when the payment fails and is retried, then ties them to the tickets', async () => {
    const { event, general, vip } = await festival();
    const q = await questionnaire(event.id, vip.id);
    const payload = {
      items: [
        { ticketTypeId: vip.id, quantity: 2 },
        { ticketTypeId: general.id, quantity: 1 },
      ],
      answers: {
        order: { [q.company.id]: '  Acme Ltd ' },
        tickets: [
          { ticketTypeId: vip.id, answers: { [q.size.id]: 'M' } },
          {
            ticketTypeId: vip.id,
            answers: { [q.size.id]: 'L', [q.dietary.id]: true, [q.which.id]: 'Vegan' },
          },
          // Hidden by its condition: not kept.
          { ticketTypeId: general.id, answers: { [q.which.id]: 'ignored' } },
        ],
      },
    };
    const key = randomUUID();
    const created = await order('buyer', payload, key);
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json<Order>();
    const declined = await pay(pending, '4000 0000 0000 0002');
    expect(declined.json().status).toBe('declined');
    // The retry (same key) returns the same order, answers unchanged.
    const retried = await order('buyer', payload, key);
    expect(retried.json<Order>().id).toBe(pending.id);
    const stored = await t.db
      .select()
      .from(questionAnswers)
      .where(eq(questionAnswers.orderId, pending.id));
    expect(stored.map((r) => r.value).sort()).toEqual(['Acme Ltd', 'L', 'M', 'Vegan', true].sort());
    expect((await pay(pending)).json().status).toBe('succeeded');

    const paid = (await call('buyer', 'GET', `/api/orders/${pending.id}`)).json<Order>();
    expect(paid.tickets).toHaveLength(3);
    const linked = await t.db
      .select()
      .from(questionAnswers)
      .where(eq(questionAnswers.orderId, pending.id));
    expect(linked.filter((r) => r.ticketId).length).toBe(4);

    const page = await call(
      'owner',
      'GET',
      `/api/events/${event.id}/answers?ticketIds=${paid.tickets.map((x) => x.id).join(',')}`,
    );
    const answers = page.json<EventAnswers>();
    const sizes = answers.tickets
      .map((x) => x.answers[q.size.id])
      .filter(Boolean)
      .sort();
    expect(sizes).toEqual(['L', 'M']);
    expect(answers.tickets.every((x) => x.answers[q.company.id] === 'Acme Ltd')).toBe(true);
    for (const who of ['other', 'buyer', 'signedOut'] as const) {
      const refused = await call(who, 'GET', `/api/events/${event.id}/answers?ticketIds=`);
      expect(refused.statusCode).toBe(who === 'signedOut' ? 401 : 403);
    }
    expect(
      (await call('admin', 'GET', `/api/events/${event.id}/answers?ticketIds=`)).statusCode,
    ).toBe(200);
  });

  it('asks the free registration too', async () => {
    const { event, general } = await festival(0);
    const name = (
      await ask(event.id, {
        scope: 'ticket',
        type: 'short_text',
        label: 'Name on badge',
        required: true,
      })
    ).question;
    const missing = await call('buyer', 'POST', `/api/events/${event.id}/register`, {
      ticketTypeId: general.id,
    });
    expect(missing.statusCode).toBe(400);
    const done = await call('buyer', 'POST', `/api/events/${event.id}/register`, {
      ticketTypeId: general.id,
      answers: { tickets: [{ ticketTypeId: general.id, answers: { [name.id]: 'Ada' } }] },
    });
    expect(done.statusCode, done.body).toBe(201);
    const ticketId = done.json<Order>().tickets[0]?.id ?? '';
    const mine = await call('buyer', 'GET', `/api/tickets/${ticketId}/answers`);
    expect(mine.json<TicketAnswers>().ticket).toEqual({ [name.id]: 'Ada' });
  });

  it('takes a file answer uploaded first', async () => {
    const upload = multipart('file', 'badge.png', 'image/png', await png(8, 8));
    const refused = await t.app.inject({ method: 'POST', url: '/api/answer-files', ...upload });
    expect(refused.statusCode).toBe(401);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/answer-files',
      payload: upload.payload,
      headers: { ...upload.headers, cookie: cookies.buyer },
    });
    expect(stored.json()).toMatchObject({
      name: 'badge.png',
      url: expect.stringMatching(/^\/media\/answers\/.+\.png$/),
    });
    const text = multipart('file', 'notes.txt', 'text/plain', Buffer.from('hello'));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/answer-files',
      payload: text.payload,
      headers: { ...text.headers, cookie: cookies.buyer },
    });
    expect(wrong.json().error.details.fields).toEqual([
      { field: 'file', message: 'Please upload a PDF, PNG, JPEG or WebP file' },
    ]);
  });
});

describe('the attendee edits their answers', () => {
  it('until the cut-off, as the holder only', async () => {
    const { event, general, vip } = await festival(0);
    const q = await questionnaire(event.id, vip.id);
    const done = await call('buyer', 'POST', `/api/events/${event.id}/register`, {
      ticketTypeId: general.id,
      answers: { order: { [q.company.id]: 'Acme' } },
    });
    const ticketId = done.json<Order>().tickets[0]?.id ?? '';
    const url = `/api/tickets/${ticketId}/answers`;
    expect((await call('other', 'GET', url)).statusCode).toBe(404);
    expect((await call('signedOut', 'GET', url)).statusCode).toBe(401);
    expect((await call('admin', 'GET', url)).statusCode).toBe(200);
    const before = (await call('buyer', 'GET', url)).json<TicketAnswers>();
    expect(before).toMatchObject({ canEdit: true, order: { [q.company.id]: 'Acme' }, ticket: {} });

    const incomplete = await call('buyer', 'PUT', url, {
      order: { [q.company.id]: 'Acme' },
      ticket: { [q.dietary.id]: true },
    });
    expect(incomplete.json().error.details.fields).toEqual([
      { field: `body.ticket.${q.which.id}`, message: 'Please answer this question' },
    ]);
    const edited = await call('buyer', 'PUT', url, {
      order: { [q.company.id]: 'Acme Inc' },
      ticket: { [q.dietary.id]: true, [q.which.id]: 'No nuts' },
    });
    expect(edited.json<TicketAnswers>()).toMatchObject({
      order: { [q.company.id]: 'Acme Inc' },
      ticket: { [q.dietary.id]: true, [q.which.id]: 'No nuts' },
    });
    expect((await call('other', 'PUT', url, { ticket: {} })).statusCode).toBe(404);

    const cutOff = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const settings = await call('owner', 'PUT', `/api/events/${event.id}/question-settings`, {
      answersEditableUntil: cutOff,
    });
    expect(settings.json().settings.answersEditableUntil).toBe(cutOff);
    expect(
      (
        await call('other', 'PUT', `/api/events/${event.id}/question-settings`, {
          answersEditableUntil: null,
        })
      ).statusCode,
    ).toBe(403);
    t.clock.advance(61_000);
    const late = await call(
      'buyer',
      'PUT',
      url,
      { ticket: { [q.dietary.id]: false } },
      acceptLanguage('de'),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CONFLICT');
    expect((await call('buyer', 'GET', url)).json<TicketAnswers>().canEdit).toBe(false);
  });
});
