import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES, type VendorTrackerRow } from '../../../contracts/vendors';
import { trackerCells } from './tracker-stages';
import { formatPriceRange } from './vendor-format';
import { localizeVendorMessage } from './vendor-messages';

const row: VendorTrackerRow = {
  vendor: {
    id: '00000000-0000-4000-8000-000000000001',
    fullName: 'Lena',
    businessName: null,
    avatarUrl: null,
    category: null,
    displayName: 'Lena',
    displayCategory: 'Vendor',
  },
  invited: 'pending',
  bookingId: null,
  applied: null,
  requestId: null,
  approved: false,
  paymentStatus: null,
  paid: false,
};

async function activate(locale: 'es' | 'de' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('vendor texts in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('names a price range in Spanish', async () => {
    await activate('es');
    expect(formatPriceRange(null, null)).toBe('Precio a consultar');
    expect(formatPriceRange(5000, null)).toMatch(/^Desde /);
  });

  it('names the tracker stages in Arabic', async () => {
    await activate('ar');
    expect(Object.values(trackerCells(row)).map((cell) => cell.text)).toEqual([
      'مدعو',
      '—',
      'ليس بعد',
      '—',
    ]);
  });

  it('shows a contract check’s English text in German, and any other text as it is', async () => {
    await activate('de');
    expect(localizeVendorMessage(VENDOR_MESSAGES.businessNameRequired)).toBe(
      'Bitte geben Sie Ihren Firmennamen ein',
    );
    expect(localizeVendorMessage(VENDOR_MESSAGES.ratingRange)).toBe(
      'Wählen Sie eine Bewertung von 1 bis 5',
    );
    expect(localizeVendorMessage('Something else')).toBe('Something else');
  });
});
