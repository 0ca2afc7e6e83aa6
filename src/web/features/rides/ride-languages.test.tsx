import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RideDetail } from '../../../contracts/rides';
import { bookingStatusLabel, priceLabel, seatsLabel } from './format';
import { RideFacts } from './ride-facts';

const ride: RideDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  eventId: '22222222-2222-4222-8222-222222222222',
  eventTitle: 'Harbor Fair',
  eventStartsAt: '2031-10-04T18:00:00.000Z',
  driver: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Lena',
    avatarUrl: null,
    rating: null,
    ratingCount: 0,
  },
  departureArea: 'Fruitvale BART',
  departurePoint: null,
  approximatePoint: { lat: 37.77, lng: -122.22 },
  departsAt: '2031-10-04T16:30:00.000Z',
  returnDepartsAt: null,
  seats: 3,
  seatsLeft: 2,
  priceCents: 1250,
  currency: 'EUR',
  car: '',
  luggage: true,
  smoking: false,
  pets: false,
  notes: '',
  bookingMode: 'approval',
  status: 'active',
  distanceKm: null,
  role: 'none',
  bookings: null,
  myBooking: null,
  driverContact: null,
  chatId: null,
  eventOver: false,
  canRate: [],
};

async function activate(locale: 'es' | 'de' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('ride texts in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows a ride’s facts in Spanish, the price in Spanish amounts', async () => {
    await activate('es');
    const { container } = render(<RideFacts ride={ride} />);
    expect(screen.getByText('Plazas libres')).toBeTruthy();
    expect(screen.getByText('2 de 3')).toBeTruthy();
    expect(screen.getByText('Solo ida')).toBeTruthy();
    expect(screen.getByText('Equipaje permitido · Prohibido fumar · Sin mascotas')).toBeTruthy();
    expect(screen.getByText('El conductor aprueba cada solicitud')).toBeTruthy();
    expect(screen.getByText(/Lena · aún sin valoraciones/)).toBeTruthy();
    expect(screen.getByText(/A menos de 1,2 km de/)).toBeTruthy();
    // Coordinates keep their order inside right-to-left text.
    expect(container.querySelector('span[dir="ltr"]')?.textContent).toBe('37.77, -122.22');
    expect(priceLabel(ride)).toMatch(/^12,50\s€ por plaza$/);
    expect(priceLabel({ priceCents: 0, currency: 'EUR' })).toBe('Gratis');
  });

  it('counts seats with Arabic’s plural forms', async () => {
    await activate('ar');
    expect([1, 2, 3, 11, 100].map(seatsLabel)).toEqual([
      'مقعد واحد',
      'مقعدان',
      '3 مقاعد',
      '11 مقعدًا',
      '100 مقعد',
    ]);
  });

  it('names a booking’s status in German, and in English by default', async () => {
    expect(bookingStatusLabel('awaiting_payment')).toBe('Accepted: payment due');
    expect(seatsLabel(1)).toBe('1 seat');
    await activate('de');
    expect(bookingStatusLabel('awaiting_payment')).toBe('Angenommen: Zahlung ausstehend');
    expect(seatsLabel(2)).toBe('2 Plätze');
  });
});
