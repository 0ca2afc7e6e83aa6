import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AffiliateLedgerPage } from '../../../contracts/affiliates';
import { server } from '../../test/msw';
import { LedgerTable } from './ledger-table';
import { AffiliateProgramPage } from './program-page';

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('affiliate pages in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows the ledger’s columns and empty state in Spanish', async () => {
    await activate('es');
    server.use(
      http.get('/api/affiliates/me/ledger', () =>
        HttpResponse.json({
          entries: [],
          total: 0,
          page: 1,
          pageSize: 25,
        } satisfies AffiliateLedgerPage),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LedgerTable />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        'Nada todavía: las comisiones aparecen aquí cuando se paga un pedido referido.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Fecha' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Importe' })).toBeTruthy();
  });

  it('counts the program’s days with Arabic plural forms', async () => {
    await activate('ar');
    render(
      <MemoryRouter>
        <AffiliateProgramPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'برنامج التسويق بالعمولة', level: 1 })).toBeTruthy();
    // 30 days (the attribution window) take the "many" form, 14 (the refund window) too.
    expect(screen.getByText(/لمدة 30 يومًا/)).toBeTruthy();
    expect(screen.getByText(/بعد 14 يومًا من البيع/)).toBeTruthy();
  });
});
