import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPlan } from '../../../contracts/subscriptions';
import { server } from '../../test/msw';
import { AdminPlansPage } from './admin-plans-page';
import { PlanFeatures } from './plan-features';
import { SubscriptionCancelledPage } from './result-pages';

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

const plan: AdminPlan = {
  id: 'pro',
  name: 'Pro',
  priceMonthly: 999,
  currency: 'USD',
  description: '',
  features: [],
  maxAttendees: 10000,
  hasMessaging: true,
  hasChat: false,
  hasRecording: false,
  hasSharing: true,
  trialDays: 0,
  isActive: true,
  subscriberCount: 3,
};

describe('subscriptions in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('lists the admin’s plans in Spanish, amounts written the Spanish way', async () => {
    await activate('es');
    server.use(
      http.get('/api/admin/subscription-plans', () =>
        HttpResponse.json({ plans: [{ ...plan, maxAttendees: -1 }] }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminPlansPage />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Plan', 'Precio', 'Asistentes', 'Suscriptores', 'Estado', 'Acciones']);
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('no plan row');
    expect(row.textContent).toContain('9,99');
    expect(row.textContent).toContain('Ilimitado');
    expect(row.textContent).toContain('Activo');
    expect(within(row).getByRole('button', { name: 'Editar Pro' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Planes de suscripción' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear plan' })).toBeTruthy();
  });

  it('says what a plan includes in Spanish', async () => {
    await activate('es');
    render(<PlanFeatures plan={plan} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Hasta 10.000 asistentes por evento',
      'Mensajes del organizador',
      'Chat de grupo del evento (no incluido)',
      'Grabación de transmisiones (no incluido)',
      'Herramientas para compartir',
    ]);
  });

  it('uses the Arabic dual for a limit of two attendees', async () => {
    await activate('ar');
    render(<PlanFeatures plan={{ ...plan, maxAttendees: 2 }} />);
    expect(screen.getByText('حتى حاضرَين في كل فعالية')).toBeTruthy();
  });

  it('tells a person who left the checkout, in Spanish', async () => {
    await activate('es');
    render(
      <MemoryRouter>
        <SubscriptionCancelledPage />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Pago de la suscripción cancelado' }),
    ).toBeTruthy();
    expect(
      screen.getByText('No se le ha cobrado nada. Puede elegir un plan de nuevo cuando quiera.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a los precios' })).toBeTruthy();
  });
});
