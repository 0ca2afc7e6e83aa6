import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Subscriber } from '../../../contracts/marketing';
import { server } from '../../test/msw';
import type { SubscriberPage } from './api';
import { SubscribersTable } from './subscribers-table';

const LIST = '11111111-1111-4111-8111-111111111111';

const person = (i: number, status: Subscriber['status']): Subscriber => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: `fan${i}@example.com`,
  name: '',
  status,
  source: 'import',
  attributes: {},
  createdAt: '2026-11-01T10:00:00.000Z',
});

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

function showTable(people: Subscriber[]) {
  server.use(
    http.get(`/api/marketing/lists/${LIST}/subscribers`, () =>
      HttpResponse.json<SubscriberPage>({ subscribers: people, total: 12345 }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SubscribersTable listId={LIST} headingId="subs" />
    </QueryClientProvider>,
  );
}

describe('a list’s subscribers in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('reads in Spanish, with the total written the Spanish way', async () => {
    await activate('es');
    showTable([person(1, 'subscribed'), person(2, 'unconfirmed')]);
    expect(await screen.findByRole('heading', { name: 'Suscriptores (12.345)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Correo electrónico' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Origen' })).toBeTruthy();
    expect(screen.getByText('suscrito')).toBeTruthy();
    expect(screen.getByText('sin confirmar')).toBeTruthy();
    expect(screen.getAllByText('importación')).toHaveLength(2);
    expect(screen.getByRole('searchbox', { name: 'Buscar suscriptores' })).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    await activate('ar');
    showTable([person(1, 'unsubscribed')]);
    expect(await screen.findByRole('heading', { name: 'المشتركون (12,345)' })).toBeTruthy();
    expect(screen.getByText('ألغى الاشتراك')).toBeTruthy();
  });
});
