import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BoxOfficeCatalog, BoxOfficeSale } from '../../../contracts/box-office';
import type { ManagedProduct } from '../../../contracts/products';
import type { Quote } from '../../../contracts/tickets';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { joinTeam } from '../../test/team-member';
import type { Sender } from '../../test/request-as';

// The box office prints a sale's tickets, and sells the event's add-ons with them at the prices,
// rules and tax they have online (decision 117).

const door = useDoorApp();
const { call } = door;

const newEvent = async () => {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `Print Night ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: door.t.clock.now(),
  });
  const type = await createTicketType(door.t.db, {
    eventId: event.id,
    priceCents: 2500,
    name: 'Floor',
  });
  return { event, type };
};

const sell = (who: Sender<DoorWho>, eventId: string, body: object) =>
  call(who, 'POST', `/api/door/events/${eventId}/box-office/sales`, body, {
    'idempotency-key': randomUUID(),
  });

const addProduct = async (eventId: string, input: object) => {
  const response = await call('owner', 'POST', `/api/events/${eventId}/products`, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ManagedProduct>();
};

describe('box office: printed tickets', () => {
  it('prints a paid sale’s tickets, a page each, for the organizer, admins and the box office', async () => {
    const { event, type } = await newEvent();
    const sold = await sell('owner', event.id, {
      items: [{ ticketTypeId: type.id, quantity: 2 }],
      method: 'cash',
      buyerName: 'Ama Owusu',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const sale = sold.json<BoxOfficeSale>();
    const url = `/api/door/events/${event.id}/box-office/sales/${sale.orderId}/tickets.pdf`;

    const printed = await call('owner', 'GET', url);
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.headers['content-disposition']).toContain('inline');
    const pdf = await PDFDocument.load(printed.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    const text = (await pdfText(printed.rawPayload)).join(' ');
    expect(text).toContain('Ama Owusu');
    expect(text).toContain('Floor');

    const boxOffice = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const checkIn = await joinTeam(door.t, door.cookies.owner, 'check_in');
    const senders: Sender<DoorWho>[] = [
      'admin',
      { cookie: boxOffice.cookie },
      { cookie: checkIn.cookie },
      'other',
      'buyer',
      'signedOut',
    ];
    const statuses: number[] = [];
    for (const who of senders) statuses.push((await call(who, 'GET', url)).statusCode);
    expect(statuses).toEqual([200, 200, 403, 403, 403, 401]);
    const unknown = `/api/door/events/${event.id}/box-office/sales/${randomUUID()}/tickets.pdf`;
    expect((await call('owner', 'GET', unknown)).statusCode).toBe(404);
  });

  it('has nothing to print while a card payment is still open', async () => {
    const { event, type } = await newEvent();
    const sale = (
      await sell('owner', event.id, {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        method: 'card',
      })
    ).json<BoxOfficeSale>();
    expect(sale.status).toBe('pending');
    const response = await call(
      'owner',
      'GET',
      `/api/door/events/${event.id}/box-office/sales/${sale.orderId}/tickets.pdf`,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The tickets are issued once the payment is in');
  });
});

describe('box office: add-ons', () => {
  it('offers the event’s add-ons and sells them at the online price and tax, within their rules', async () => {
    const { event, type } = await newEvent();
    const shirt = await addProduct(event.id, {
      name: 'T-shirt',
      category: 'merchandise',
      priceCents: 2000,
      soldAlone: false,
      variations: [
        { label: 'S', quantity: 10 },
        { label: 'M', quantity: 10 },
      ],
      addOns: [{ ticketTypeId: type.id, minPerTicket: 0, maxPerTicket: 1 }],
    });
    const medium = shirt.variations.find((v) => v.label === 'M')?.ticketTypeId ?? '';
    const rateResponse = await call('owner', 'POST', '/api/tax-rates', {
      name: 'Sales tax',
      percent: '8.875',
    });
    expect(rateResponse.statusCode, rateResponse.body).toBe(201);
    const taxed = await call('owner', 'PUT', `/api/events/${event.id}/tax-settings`, {
      pricesIncludeTax: false,
      assignments: [{ ticketTypeId: medium, taxRateId: rateResponse.json().id }],
    });
    expect(taxed.statusCode, taxed.body).toBe(200);

    const catalog = (
      await call('owner', 'GET', `/api/door/events/${event.id}/box-office`)
    ).json<BoxOfficeCatalog>();
    expect(catalog.ticketTypes.map((x) => x.name)).toEqual(['Floor']);
    expect(
      catalog.addOns.map(({ name, priceCents, remaining }) => [name, priceCents, remaining]),
    ).toEqual([
      ['T-shirt · S', 2000, 10],
      ['T-shirt · M', 2000, 10],
    ]);

    const items = [
      { ticketTypeId: type.id, quantity: 2 },
      { ticketTypeId: medium, quantity: 2 },
    ];
    // The online quote for the same cart: what the door must charge.
    const quote = (await call('buyer', 'POST', '/api/orders/quote', { items })).json<Quote>();
    // 2 × 25.00 untaxed + 2 × 20.00 with 8.875 % on top (3.55) = 93.55.
    expect(quote.totalCents).toBe(9355);
    const sold = await sell('owner', event.id, { items, method: 'cash', tenderedCents: 10_000 });
    expect(sold.statusCode, sold.body).toBe(200);
    const sale = sold.json<BoxOfficeSale>();
    expect(sale).toMatchObject({ status: 'paid', totalCents: quote.totalCents, changeCents: 645 });
    expect(sale.tickets).toHaveLength(2);
    expect(sale.addOns).toEqual([{ name: 'T-shirt · M', quantity: 2 }]);
    const after = (
      await call('owner', 'GET', `/api/door/events/${event.id}/box-office`)
    ).json<BoxOfficeCatalog>();
    expect(after.addOns.find((a) => a.id === medium)?.remaining).toBe(8);

    // Beyond the rule (one shirt per ticket), or without a ticket: refused, naming the line.
    const refusals: [object[], string, string][] = [
      [
        [
          { ticketTypeId: type.id, quantity: 1 },
          { ticketTypeId: medium, quantity: 2 },
        ],
        'body.items.1.quantity',
        'You can add at most 1 × T-shirt for your tickets',
      ],
      [
        [{ ticketTypeId: medium, quantity: 1 }],
        'body.items.0.quantity',
        'T-shirt is sold only with a ticket',
      ],
    ];
    for (const [lines, field, message] of refusals) {
      const refused = await sell('owner', event.id, { items: lines, method: 'cash' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.details.fields[0]).toEqual({ field, message });
    }
    // Nothing of the refused sales was taken.
    const last = (
      await call('owner', 'GET', `/api/door/events/${event.id}/box-office`)
    ).json<BoxOfficeCatalog>();
    expect(last.addOns.find((a) => a.id === medium)?.remaining).toBe(8);
  });
});
