import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKey } from '../../../contracts/developer';
import { server } from '../../test/msw';
import { DeveloperPage } from './developer-page';

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

const key: ApiKey = {
  id: 'k1',
  name: 'Door app',
  prefix: 'mea_ab12',
  scopes: ['events:read'],
  allowedOrigins: [],
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  createdBy: { id: 'u1', name: 'Nia Festival' },
};

function renderPage() {
  server.use(
    http.get('/api/developer/keys', () => HttpResponse.json({ keys: [key] })),
    http.get('/api/developer/webhooks', () => HttpResponse.json({ endpoints: [] })),
    http.get('/api/events/mine', () => HttpResponse.json({ events: [] })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeveloperPage />
    </QueryClientProvider>,
  );
}

describe('developer settings in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows keys, webhooks and the widget in Spanish', async () => {
    await activate('es');
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nombre',
      'Clave',
      'Permisos',
      'Orígenes de navegador',
      'Último uso',
      'Caduca',
      'Estado',
      'Acciones',
    ]);
    expect(within(table).getAllByText('Nunca')).toHaveLength(2);
    expect(within(table).getByText('Activa')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Revocar Door app' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Configuración para desarrolladores' }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Leer sus eventos/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'En un año' })).toBeTruthy();
    expect(await screen.findByText('Aún no hay endpoints.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Widget de entradas' })).toBeTruthy();
  });

  it('names a key’s state and actions in Arabic', async () => {
    await activate('ar');
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('نشط')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'المصادر للمفتاح Door app' })).toBeTruthy();
  });
});
