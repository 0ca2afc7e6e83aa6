import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ctr } from './report-chart';
import { SponsoredCard } from './sponsored-card';
import { StatusBadge } from './status-badge';

async function activate(locale: 'es' | 'de') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('ads in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('labels a sponsored item and its link in Spanish', async () => {
    await activate('es');
    render(
      <SponsoredCard
        item={{
          token: 't1',
          headline: 'DJ Nova',
          body: 'Bodas y festivales',
          imageUrl: null,
          imageAlt: '',
          targetPath: '/vendor/nova',
          href: '/api/promotions/click/t1',
        }}
      />,
    );
    expect(screen.getByText('Patrocinado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Más información: DJ Nova' })).toBeTruthy();
    render(<StatusBadge status="in_review" />);
    expect(screen.getByText('En revisión')).toBeTruthy();
  });

  it('writes the click-through rate as German writes a percentage', async () => {
    await activate('de');
    expect(ctr(1, 40)).toBe('2,5\u00a0%');
    expect(ctr(0, 0)).toBe('–');
  });
});
