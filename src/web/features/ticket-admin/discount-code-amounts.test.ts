import { describe, expect, it } from 'vitest';
import { codeFormToInput } from './discount-code-form';

const form = (amount: string, kind: 'percent' | 'fixed' = 'fixed') => ({
  code: 'fils',
  kind,
  amount,
  ticketTypeId: '',
  usageLimit: '',
  validFrom: '',
  validUntil: '',
});

describe('the discount form reads a fixed amount in the decimals of the event currency', () => {
  it('takes three decimals in dinars, none in yen and two in dollars', () => {
    expect(codeFormToInput(form('1.250'), 'KWD').amount).toBe(1250);
    expect(codeFormToInput(form('1500'), 'JPY').amount).toBe(1500);
    expect(codeFormToInput(form('12.50'), 'USD').amount).toBe(1250);
  });

  it('refuses more decimals than the currency has, and keeps a percentage whole', () => {
    expect(codeFormToInput(form('1.2505'), 'KWD').amount).toBeNaN();
    expect(codeFormToInput(form('12.5'), 'JPY').amount).toBeNaN();
    expect(codeFormToInput(form('15', 'percent'), 'KWD').amount).toBe(15);
  });
});
