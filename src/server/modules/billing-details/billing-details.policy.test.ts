import { describe, expect, it } from 'vitest';
import { reverseChargeApplies } from './billing-details.policy';

const base = {
  organizerCountry: 'DE',
  buyerCountry: 'FR',
  vatId: 'FR40303265045',
  vatIdValid: true,
  enabled: true,
};

describe('reverseChargeApplies', () => {
  it.each([
    ['a business in another EU state with a valid ID', {}, true],
    ['Greece (EL) from Germany', { buyerCountry: 'GR', vatId: 'EL094259216' }, true],
    ['the organizer has not enabled it', { enabled: false }, false],
    ['the buyer is in the organizer’s country', { buyerCountry: 'DE' }, false],
    ['the buyer is outside the EU', { buyerCountry: 'CH' }, false],
    ['the organizer is outside the EU', { organizerCountry: 'GB' }, false],
    ['no VAT ID', { vatId: null }, false],
    ['an empty VAT ID', { vatId: '' }, false],
    ['an ID of an invalid format', { vatIdValid: false }, false],
    ['no organizer country', { organizerCountry: null }, false],
    ['no buyer country', { buyerCountry: undefined }, false],
  ])('%s → %s', (_, change, expected) => {
    expect(reverseChargeApplies({ ...base, ...change })).toBe(expected);
  });
});
