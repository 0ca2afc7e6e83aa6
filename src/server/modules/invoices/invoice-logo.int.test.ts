import { randomUUID } from 'node:crypto';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingProfileAnswer, OrderInvoices } from '../../../contracts/invoices';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';

let t: TestApp;
let owner: CreatedUser;
const cookies = {} as Record<'owner' | 'buyer' | 'other' | 'admin', string>;
type Who = Sender<keyof typeof cookies>;
const call = requestAs(
  () => t,
  () => cookies,
);

const PROFILE = {
  legalName: 'Harbour Events GmbH',
  address: 'Hafenstraße 1\nHamburg',
  taxId: 'DE136695976',
  footer: '',
  numberPrefix: 'HE-',
  numberFormat: '{prefix}{number:4}',
  issueMode: 'automatic',
};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Hanna Hafen' });
  cookies.owner = await t.signIn(owner);
  cookies.buyer = await t.signIn(await createUser(t.db, { fullName: 'Ben Buyer' }));
  cookies.other = await t.signIn(await createUser(t.db, { userType: 'organizer' }));
  cookies.admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

function uploadLogo(who: Who, data: Buffer, path = '/api/invoices/profile/logo') {
  const form = multipart('logo', 'logo.png', 'image/png', data);
  return call(who, 'POST', path, form.payload, form.headers);
}

/** How many images the first page of a PDF draws (its resources' image XObjects). */
async function imagesOnFirstPage(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf);
  const resources = doc.getPage(0).node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xObjects) return [];
  return xObjects
    .values()
    .map((ref) => doc.context.lookup(ref))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => ({
      width: Number(stream.dict.get(PDFName.of('Width'))?.toString()),
      height: Number(stream.dict.get(PDFName.of('Height'))?.toString()),
    }));
}

/** A paid order for a new event of the owner; the job issues its invoice. */
async function invoicedOrder(): Promise<OrderInvoices['invoices'][number]> {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Harbour Nights ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, name: 'Deck', priceCents: 3000 });
  const order = (
    await call('buyer', 'POST', '/api/orders', { items: [{ ticketTypeId: type.id, quantity: 1 }] })
  ).json<Order>();
  const session = order.checkoutUrl?.split('/pay/')[1] ?? 'none';
  const paid = await call('signedOut', 'POST', `/api/payments/local/sessions/${session}/pay`, {
    name: 'Ben Buyer',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.statusCode).toBeLessThan(300);
  await t.settle();
  const { invoices } = (
    await call('buyer', 'GET', `/api/orders/${order.id}/invoices`)
  ).json<OrderInvoices>();
  const [invoice] = invoices;
  if (!invoice) throw new Error('the job issued no invoice');
  return invoice;
}

const pdfOf = async (invoice: { pdfUrl: string }) => {
  const response = await call('buyer', 'GET', invoice.pdfUrl);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

describe('the logo on invoices', () => {
  it('needs a saved billing profile first', async () => {
    const response = await uploadLogo('owner', await png(120, 40));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Save the billing profile before adding a logo');
  });

  it('is uploaded by the organizer, stored as a PNG and drawn on the invoices issued with it', async () => {
    expect((await call('owner', 'PUT', '/api/invoices/profile', PROFILE)).statusCode).toBe(200);
    const before = await invoicedOrder();
    expect(await imagesOnFirstPage(await pdfOf(before))).toEqual([]);

    const uploaded = await uploadLogo('owner', await png(1200, 400));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logoUrl = uploaded.json<BillingProfileAnswer>().profile?.logoUrl ?? '';
    expect(logoUrl).toMatch(/^\/media\/invoice-logos\/[0-9a-f]{32}\.png$/);
    const media = await call('signedOut', 'GET', logoUrl);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    // Saving the profile again keeps the logo: it has its own upload.
    const saved = await call('owner', 'PUT', '/api/invoices/profile', PROFILE);
    expect(saved.json<BillingProfileAnswer>().profile?.logoUrl).toBe(logoUrl);

    const withLogo = await invoicedOrder();
    const pdf = await pdfOf(withLogo);
    // Scaled down to 600 px on its long side when stored.
    expect(await imagesOnFirstPage(pdf)).toEqual([{ width: 600, height: 200 }]);
    expect((await pdfText(pdf)).join(' ')).toContain('Harbour Events GmbH');
    // The invoice issued before the upload stays as it was issued.
    expect(await imagesOnFirstPage(await pdfOf(before))).toEqual([]);

    // Removed: new invoices print none, the ones issued with it keep it.
    const removed = await call('owner', 'DELETE', '/api/invoices/profile/logo');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<BillingProfileAnswer>().profile?.logoUrl).toBeNull();
    expect(await imagesOnFirstPage(await pdfOf(await invoicedOrder()))).toEqual([]);
    expect(await imagesOnFirstPage(await pdfOf(withLogo))).toHaveLength(1);
  });

  it('refuses what is not an image, a missing file and a file over 5 MB, naming the field', async () => {
    await call('owner', 'PUT', '/api/invoices/profile', PROFILE);
    const notImage = await uploadLogo('owner', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.details.fields).toEqual([
      { field: 'logo', message: 'Please upload an image (JPEG, PNG, WebP or GIF)' },
    ]);
    const missing = await call('owner', 'POST', '/api/invoices/profile/logo', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields).toEqual([
      { field: 'logo', message: 'Please choose an image to upload' },
    ]);
    const tooLarge = await uploadLogo('owner', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('Images must be 5 MB or smaller');
  });

  it('is the signed-in organizer’s own, and the platform’s is the admins’', async () => {
    const image = await png(80, 80);
    expect((await uploadLogo('signedOut', image)).statusCode).toBe(401);
    expect((await call('signedOut', 'DELETE', '/api/invoices/profile/logo')).statusCode).toBe(401);
    // Another organizer uploads to their own profile (none yet), never to this owner's.
    expect((await uploadLogo('other', image)).statusCode).toBe(409);

    const platform = '/api/invoices/platform-profile/logo';
    expect((await uploadLogo('owner', image, platform)).statusCode).toBe(403);
    expect((await uploadLogo('signedOut', image, platform)).statusCode).toBe(401);
    expect((await call('owner', 'DELETE', platform)).statusCode).toBe(403);
    const saved = await call('admin', 'PUT', '/api/invoices/platform-profile', {
      ...PROFILE,
      legalName: 'MEA Events Ltd',
      numberPrefix: 'MEA-',
    });
    expect(saved.statusCode).toBe(200);
    const uploaded = await uploadLogo('admin', image, platform);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json<BillingProfileAnswer>().profile?.legalName).toBe('MEA Events Ltd');
    expect(uploaded.json<BillingProfileAnswer>().profile?.logoUrl).toMatch(/invoice-logos/);
    // The organizer's own profile did not change.
    const own = await call('owner', 'GET', '/api/invoices/profile');
    expect(own.json<BillingProfileAnswer>().profile?.logoUrl).toBeNull();
  });
});
