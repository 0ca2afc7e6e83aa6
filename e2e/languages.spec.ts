import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  signIn,
  test,
} from './fixtures';

// The product in the reader's language (decision 049): the browser's Accept-Language picks it
// on a first visit, the footer's picker changes it in place, and Arabic mirrors the layout.

/** An organizer's published paid event with one ticket type, made through the API. */
async function paidEvent(page: Page): Promise<string> {
  await signIn(page, 'organizer');
  const title = `Noche de jazz ${randomUUID().slice(0, 8)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'A quiet night of jazz in the back room.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Standard', priceCents: 2500 });
  return eventId;
}

test('a visitor whose browser reads Spanish sees the home page, an event and the checkout in Spanish', async ({
  browser,
  page,
}) => {
  const eventId = await paidEvent(page);
  const context = await newJourneyContext(browser, { locale: 'es-ES' });
  const visitor = await context.newPage();

  await visitor.goto('/');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    visitor.getByRole('heading', { name: 'Descubra eventos a los que vale la pena ir' }),
  ).toBeVisible();
  await expectNoAxeViolations(visitor);

  await visitor.goto(`/event/${eventId}`);
  await expect(visitor.getByRole('heading', { name: 'Acerca de este evento' })).toBeVisible();
  await expectNoAxeViolations(visitor);

  // Buying needs an account; the demo attendee has chosen no language, so the browser's applies.
  await signIn(visitor, 'attendee');
  await visitor.goto(`/ticket?event_id=${eventId}`);
  await expect(
    visitor.getByRole('heading', { name: 'Conseguir entradas', level: 1 }),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Más Standard' }).click();
  await expect(visitor.getByRole('button', { name: 'Comprar ahora' })).toBeEnabled();
  await expectNoAxeViolations(visitor);
  await context.close();
});

test('switching to Arabic in the footer mirrors the page in place, with no horizontal scroll on a phone', async ({
  browser,
}) => {
  const context = await newJourneyContext(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox').first();
  await search.fill('jazz');

  const picker = page.getByRole('combobox', { name: 'Language' });
  await picker.scrollIntoViewIfNeeded();
  await picker.selectOption('ar');

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'الفعاليات', level: 1 })).toBeVisible();
  // In place: what the person typed is still there.
  await expect(search).toHaveValue('jazz');

  // The header mirrors: the menu button at the right edge, the logo beside it on the right half.
  const menuButton = page.getByRole('button', { name: 'القائمة الرئيسية' });
  const logo = page.getByRole('banner').getByRole('link').first();
  const menuBox = await menuButton.boundingBox();
  const logoBox = await logo.boundingBox();
  expect(menuBox && logoBox && menuBox.x > logoBox.x).toBe(true);
  expect((logoBox?.x ?? 0) + (logoBox?.width ?? 0)).toBeGreaterThan(390 / 2);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // The choice is remembered: the next page load is in Arabic from its first byte.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الفعاليات', level: 1 })).toBeVisible();
  await context.close();
});

// The other three languages: the page arrives in them, a form's own check (the contracts' text,
// loaded when first shown) reads in them, and axe finds nothing.
for (const { locale, signIn: signInLabel, emailRequired } of [
  { locale: 'fr-FR', signIn: 'Se connecter', emailRequired: 'L’adresse e-mail est obligatoire' },
  { locale: 'de-DE', signIn: 'Anmelden', emailRequired: 'Die E-Mail-Adresse ist erforderlich' },
  { locale: 'pt-BR', signIn: 'Entrar', emailRequired: 'O e-mail é obrigatório' },
]) {
  test(`the sign-in page in ${locale}, a form message included, with no accessibility violation`, async ({
    browser,
  }) => {
    const context = await newJourneyContext(browser, { locale });
    const page = await context.newPage();
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute(
      'lang',
      locale.startsWith('pt') ? 'pt-BR' : locale.slice(0, 2),
    );
    const panel = page.getByRole('tabpanel', { name: signInLabel });
    await panel.getByRole('button', { name: signInLabel }).click();
    await expect(panel.getByText(emailRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
}
