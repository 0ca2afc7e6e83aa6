// The platform's billing profile as the tests of platform invoices save it: automatic numbering
// with a prefix, so each test can read the invoice it expects.
export const PLATFORM_INVOICE_PROFILE = {
  legalName: 'MEA Events Ltd',
  address: '1 Harbour Street\nLisbon',
  taxId: 'PT-500000000',
  footer: '',
  numberPrefix: 'MEA-',
  numberFormat: '{prefix}{number:5}',
  issueMode: 'automatic',
} as const;
