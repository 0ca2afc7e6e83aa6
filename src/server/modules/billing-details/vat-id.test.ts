import { describe, expect, it } from 'vitest';
import { VAT_CHECK_DIGIT_COUNTRIES, checkVatId, normalizeVatId, vatPrefixOf } from './vat-id';

// Published valid numbers per member state (python-stdnum's and the tax authorities' examples),
// and the same numbers with their check digit changed.
const VALID: [string, string][] = [
  ['AT', 'ATU13585627'],
  ['BE', 'BE0403019261'],
  ['BE', 'BE403019261'],
  ['DE', 'DE136695976'],
  ['DK', 'DK13585628'],
  ['EE', 'EE100931558'],
  ['EE', 'EE100594102'],
  ['EL', 'EL094259216'],
  ['ES', 'ESB58378431'],
  ['ES', 'ESB64717838'],
  ['ES', 'ES54362315K'],
  ['ES', 'ESX2482300W'],
  ['FI', 'FI20774740'],
  ['FR', 'FR40303265045'],
  ['FR', 'FR23334175221'],
  ['HR', 'HR33392005961'],
  ['HU', 'HU12892312'],
  ['IE', 'IE6433435F'],
  ['IE', 'IE6433435OA'],
  ['IE', 'IE8D79739I'],
  ['IT', 'IT00743110157'],
  ['LU', 'LU15027442'],
  ['MT', 'MT11679112'],
  ['NL', 'NL004495445B01'],
  ['PL', 'PL8567346215'],
  ['PT', 'PT501964843'],
  ['RO', 'RO18547290'],
  ['SE', 'SE123456789701'],
  ['SI', 'SI50223054'],
  ['SK', 'SK2022749619'],
];

const WRONG_CHECK_DIGIT: [string, string][] = [
  ['AT', 'ATU13585626'],
  ['BE', 'BE0403019262'],
  ['DE', 'DE136695978'],
  ['DK', 'DK13585627'],
  ['EE', 'EE100931559'],
  ['EL', 'EL094259217'],
  ['ES', 'ESB58378432'],
  ['ES', 'ES54362315Z'],
  ['FI', 'FI20774741'],
  ['FR', 'FR41303265045'],
  ['HR', 'HR33392005962'],
  ['HU', 'HU12892313'],
  ['IE', 'IE6433435G'],
  ['IT', 'IT00743110158'],
  ['LU', 'LU15027443'],
  ['MT', 'MT11679113'],
  ['NL', 'NL123456789B90'],
  ['PL', 'PL8567346216'],
  ['PT', 'PT501964844'],
  ['RO', 'RO18547291'],
  ['SE', 'SE123456789801'],
  ['SI', 'SI50223055'],
  ['SK', 'SK2022749618'],
];

describe('checkVatId', () => {
  it.each(VALID)('accepts a valid %s number %s', (country, id) => {
    expect(checkVatId(id)).toMatchObject({ valid: true, country });
  });

  it.each(WRONG_CHECK_DIGIT)('refuses a %s number with a wrong check digit: %s', (_, id) => {
    expect(checkVatId(id)).toMatchObject({ valid: false, reason: 'checkDigit' });
  });

  it.each([
    ['DE12345678', 'too short'],
    ['DE0123456789', 'too long'],
    ['ATU1234567', 'Austria without its 8 digits'],
    ['NL123456789X01', 'Dutch without the B'],
    ['SE123456789702', 'Swedish not ending in 01'],
    ['FRIO303265045', 'French key with I and O'],
    ['BG12345', 'Bulgarian too short'],
  ])('refuses the wrong format %s (%s)', (id) => {
    expect(checkVatId(id)).toMatchObject({ valid: false, reason: 'format' });
  });

  it('checks format only where no check digit is implemented', () => {
    expect(checkVatId('BG175074752')).toMatchObject({ valid: true });
    expect(checkVatId('CZ25123891')).toMatchObject({ valid: true });
    expect(checkVatId('CY10259033P')).toMatchObject({ valid: true });
    expect(checkVatId('LT119511515')).toMatchObject({ valid: true });
    expect(checkVatId('LV40003521600')).toMatchObject({ valid: true });
  });

  it('refuses countries outside the EU and an ID of another country than the buyer’s', () => {
    expect(checkVatId('GB980780684')).toMatchObject({ valid: false, reason: 'country' });
    expect(checkVatId('US123456789')).toMatchObject({ valid: false, reason: 'country' });
    expect(checkVatId('DE136695976', 'FR')).toMatchObject({ valid: false, reason: 'country' });
    expect(checkVatId('DE136695976', 'DE')).toMatchObject({ valid: true });
    expect(checkVatId('EL094259216', 'GR')).toMatchObject({ valid: true });
  });

  it('reads IDs as people write them', () => {
    expect(normalizeVatId(' de 136.695-976 ')).toBe('DE136695976');
    expect(checkVatId('fr 40 303 265 045')).toMatchObject({ valid: true, vatId: 'FR40303265045' });
  });

  it('verifies the check digit of the states the decision record lists', () => {
    expect(VAT_CHECK_DIGIT_COUNTRIES).toEqual(
      expect.arrayContaining([
        'DE',
        'FR',
        'IT',
        'ES',
        'NL',
        'BE',
        'AT',
        'PL',
        'PT',
        'SE',
        'DK',
        'FI',
        'IE',
      ]),
    );
    expect(vatPrefixOf('GR')).toBe('EL');
    expect(vatPrefixOf('CH')).toBeNull();
  });
});
