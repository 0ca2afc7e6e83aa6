import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contracts/admin';
import type { DataCheckReport } from '../../../contracts/data-checks';
import { server } from '../../test/msw';
import { describeAudit } from './audit-log';
import { AdminDataChecksPage } from './data-checks-page';

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

const report: DataCheckReport = {
  checkedAt: '2026-12-03T08:00:00.000Z',
  failed: 1,
  checks: [
    {
      name: 'event_tickets_sold',
      description: "An event's tickets sold is its tickets not void.",
      violations: 7,
      examples: [{ id: '11111111-1111-4111-8111-111111111111', expected: '4', actual: '0' }],
    },
    { name: 'ticket_type_stock', description: 'Stock.', violations: 0, examples: [] },
  ],
};

describe('the admin console in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows the data checks in Spanish, plurals included', async () => {
    await activate('es');
    server.use(http.get('/api/admin/data-checks', () => HttpResponse.json(report)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminDataChecksPage />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      '1 de 2 comprobaciones no se cumplen.',
    );
    expect(screen.getByRole('heading', { name: 'Comprobaciones de datos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Comprobar de nuevo' })).toBeTruthy();
    expect(screen.getByText('7 filas no coinciden')).toBeTruthy();
    expect(screen.getByText('Se cumple')).toBeTruthy();
    const examples = screen.getByRole('list', { name: 'Ejemplos de event_tickets_sold' });
    expect(examples.textContent).toContain('Se esperaba 4, guardado 0');
    expect(examples.textContent).toContain('y 6 más');
  });

  it('writes an audit entry in Arabic, with the role’s name translated', async () => {
    await activate('ar');
    const entry = {
      id: '1',
      action: 'user.role_grant',
      targetType: 'user',
      targetId: 'u-1',
      details: { role: 'moderator' },
      actor: null,
      createdAt: '2026-12-03T08:00:00.000Z',
    } as unknown as AuditEntry;
    expect(describeAudit(entry, i18n)).toBe('منح دور المشرف للمستخدم u-1');
  });

  it('writes a change of a platform tax rate in Spanish, with the rate it was set to', async () => {
    await activate('es');
    const entry = {
      id: '2',
      action: 'platform_tax.set',
      targetType: 'platform_tax_rate',
      targetId: 'vendor_fee',
      details: {
        kind: 'vendor_fee',
        itemId: null,
        before: null,
        after: { name: 'IVA', percent: '21' },
      },
      actor: null,
      createdAt: '2026-12-03T08:00:00.000Z',
    } as unknown as AuditEntry;
    expect(describeAudit(entry, i18n)).toBe(
      'fijó el impuesto sobre los cargos de MEA Events vendor_fee en 21 % IVA',
    );
    expect(describeAudit({ ...entry, action: 'platform_tax.remove' }, i18n)).toBe(
      'eliminó el impuesto sobre los cargos de MEA Events vendor_fee',
    );
  });

  it('names which wallet account of the platform was set, replaced or removed, in Spanish', async () => {
    await activate('es');
    const entry = {
      id: '3',
      action: 'platform_wallet.replace',
      targetType: 'platform_wallet',
      targetId: 'google',
      details: { kind: 'google', before: null, after: null },
      actor: null,
      createdAt: '2026-12-03T08:00:00.000Z',
    } as unknown as AuditEntry;
    expect(describeAudit(entry, i18n)).toBe('sustituyó la cuenta de Google Wallet de MEA Events');
    expect(
      describeAudit({ ...entry, action: 'platform_wallet.remove', targetId: 'apple' }, i18n),
    ).toBe('eliminó la cuenta de Apple Wallet de MEA Events');
  });
});
