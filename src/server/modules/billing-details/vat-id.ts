// EU VAT identification numbers, checked offline: the member state's format and, where the state
// publishes one that can be implemented reliably, its check digit. This says an ID is well
// formed, never that it is registered: only the tax authority (VIES) knows that, and the product
// says so wherever it shows the result (decision 060).

/** The EU member states' VAT prefixes (Greece writes EL, not its ISO code GR). */
export const EU_VAT_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuVatCountry = (typeof EU_VAT_COUNTRIES)[number];

/** ISO 3166-1 alpha-2 country → its VAT prefix (GR → EL); null outside the EU. */
export function vatPrefixOf(country: string): EuVatCountry | null {
  const upper = country.toUpperCase();
  const prefix = upper === 'GR' ? 'EL' : upper;
  return (EU_VAT_COUNTRIES as readonly string[]).includes(prefix) ? (prefix as EuVatCountry) : null;
}

/** Whether an ISO country code is an EU member state. */
export function isEuCountry(country: string): boolean {
  return vatPrefixOf(country) !== null;
}

const digitsOf = (text: string) => [...text].map(Number);
const weighted = (digits: number[], weights: number[]) =>
  weights.reduce((sum, weight, i) => sum + weight * (digits[i] ?? 0), 0);

/** Luhn over all the digits (the last is the check digit). */
function luhn(number: string): boolean {
  let sum = 0;
  const digits = digitsOf(number).reverse();
  digits.forEach((digit, i) => {
    const value = i % 2 === 1 ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  });
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 (Germany, Croatia). */
function mod11_10(number: string): boolean {
  const digits = digitsOf(number);
  let product = 10;
  for (const digit of digits.slice(0, -1)) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === digits.at(-1);
}

/** MOD 97 over a string whose letters count as 10 (A) … 35 (Z) (the Dutch 2020 format). */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

const ES_DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const IE_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';

function spain(body: string): boolean {
  // A person's DNI (8 digits and a letter) or a foreigner's NIE (X/Y/Z, 7 digits, a letter).
  if (/^\d{8}[A-Z]$/.test(body)) return ES_DNI_LETTERS[Number(body.slice(0, 8)) % 23] === body[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(body)) {
    const number = Number(String('XYZ'.indexOf(body[0] ?? '')) + body.slice(1, 8));
    return ES_DNI_LETTERS[number % 23] === body[8];
  }
  if (/^[KLM]\d{7}[A-Z]$/.test(body))
    return ES_DNI_LETTERS[Number(body.slice(1, 8)) % 23] === body[8];
  // A company's CIF: a letter, 7 digits, a check digit or letter.
  if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(body)) return false;
  const digits = digitsOf(body.slice(1, 8));
  let sum = 0;
  digits.forEach((digit, i) => {
    if (i % 2 === 0) {
      const double = digit * 2;
      sum += Math.floor(double / 10) + (double % 10);
    } else sum += digit;
  });
  const check = (10 - (sum % 10)) % 10;
  const last = body[8] ?? '';
  return last === String(check) || last === 'JABCDEFGHI'[check];
}

function ireland(body: string): boolean {
  // The old form (a digit, a letter or + or *, five digits, a letter) reads as 0 + the five
  // digits + the first digit in the new algorithm.
  const old = /^(\d)[A-Z+*](\d{5})([A-W])$/.exec(body);
  const normalized = old ? `0${old[2]}${old[1]}${old[3]}` : body;
  const match = /^(\d{7})([A-W])([A-IW]?)$/.exec(normalized);
  if (!match) return false;
  const [, number = '', check = '', extra = ''] = match;
  let sum = weighted(digitsOf(number), [8, 7, 6, 5, 4, 3, 2]);
  if (extra) sum += 9 * IE_LETTERS.indexOf(extra);
  return IE_LETTERS[sum % 23] === check;
}

type Rule = { format: RegExp; check?: (body: string) => boolean };

/**
 * Per member state: the format after the prefix, and the check digit where one is implemented.
 * Format only: BG, CY, CZ, LT, LV (several number kinds with different rules) and French IDs
 * whose key has letters.
 */
const RULES: Record<EuVatCountry, Rule> = {
  AT: {
    format: /^U\d{8}$/,
    check: (body) => {
      const digits = digitsOf(body.slice(1));
      let sum = 0;
      for (let i = 0; i < 7; i++) {
        const value = (digits[i] ?? 0) * (i % 2 === 0 ? 1 : 2);
        sum += Math.floor(value / 10) + (value % 10);
      }
      return (10 - ((sum + 4) % 10)) % 10 === digits[7];
    },
  },
  BE: {
    format: /^[01]\d{9}$/,
    check: (body) => 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8)),
  },
  BG: { format: /^\d{9,10}$/ },
  CY: { format: /^[0-59]\d{7}[A-Z]$/ },
  CZ: { format: /^\d{8,10}$/ },
  DE: { format: /^[1-9]\d{8}$/, check: mod11_10 },
  DK: {
    format: /^[1-9]\d{7}$/,
    check: (body) => weighted(digitsOf(body), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  },
  EE: {
    format: /^10\d{7}$/,
    check: (body) => {
      const digits = digitsOf(body);
      return (10 - (weighted(digits, [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10 === digits[8];
    },
  },
  EL: {
    format: /^\d{9}$/,
    check: (body) => {
      const digits = digitsOf(body);
      return (weighted(digits, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === digits[8];
    },
  },
  ES: { format: /^[A-Z0-9]\d{7}[A-Z0-9]$/, check: spain },
  FI: {
    format: /^\d{8}$/,
    check: (body) => {
      const digits = digitsOf(body);
      const remainder = weighted(digits, [7, 9, 10, 5, 8, 4, 2]) % 11;
      if (remainder === 1) return false;
      return (remainder === 0 ? 0 : 11 - remainder) === digits[7];
    },
  },
  FR: {
    format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    // Only a numeric key has a published formula: key = (12 + 3 × (SIREN mod 97)) mod 97.
    check: (body) =>
      !/^\d{2}/.test(body) ||
      Number(body.slice(0, 2)) === (12 + 3 * (Number(body.slice(2)) % 97)) % 97,
  },
  HR: { format: /^\d{11}$/, check: mod11_10 },
  HU: {
    format: /^\d{8}$/,
    check: (body) => {
      const digits = digitsOf(body);
      return (10 - (weighted(digits, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10 === digits[7];
    },
  },
  IE: { format: /^\d[A-Z0-9+*]\d{5}[A-W][A-IW]?$/, check: ireland },
  IT: { format: /^\d{11}$/, check: luhn },
  LT: { format: /^(\d{9}|\d{12})$/ },
  LU: {
    format: /^\d{8}$/,
    check: (body) => Number(body.slice(0, 6)) % 89 === Number(body.slice(6)),
  },
  LV: { format: /^\d{11}$/ },
  MT: {
    format: /^[1-9]\d{7}$/,
    check: (body) =>
      37 - (weighted(digitsOf(body), [3, 4, 6, 7, 8, 9]) % 37) === Number(body.slice(6)),
  },
  NL: {
    format: /^\d{9}B\d{2}$/,
    // The classic 11-test, or MOD 97 over "NL" and the whole ID (sole traders since 2020).
    check: (body) => {
      const digits = digitsOf(body.slice(0, 9));
      const eleven = weighted(digits, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
      return (eleven !== 10 && eleven === digits[8]) || mod97(`NL${body}`) === 1;
    },
  },
  PL: {
    format: /^\d{10}$/,
    check: (body) => {
      const digits = digitsOf(body);
      const remainder = weighted(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
      return remainder !== 10 && remainder === digits[9];
    },
  },
  PT: {
    format: /^[1-9]\d{8}$/,
    check: (body) => {
      const digits = digitsOf(body);
      const check = 11 - (weighted(digits, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return (check >= 10 ? 0 : check) === digits[8];
    },
  },
  RO: {
    format: /^[1-9]\d{1,9}$/,
    check: (body) => {
      const digits = digitsOf(body.slice(0, -1).padStart(9, '0'));
      const check = ((weighted(digits, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10;
      return check === Number(body.at(-1));
    },
  },
  SE: { format: /^\d{10}01$/, check: (body) => luhn(body.slice(0, 10)) },
  SI: {
    format: /^[1-9]\d{7}$/,
    check: (body) => {
      const digits = digitsOf(body);
      const check = 11 - (weighted(digits, [8, 7, 6, 5, 4, 3, 2]) % 11);
      if (check === 11) return false;
      return (check === 10 ? 0 : check) === digits[7];
    },
  },
  SK: { format: /^[1-9]\d{9}$/, check: (body) => Number(body) % 11 === 0 },
};

/** The countries whose check digit is verified (the others by format only). */
export const VAT_CHECK_DIGIT_COUNTRIES = EU_VAT_COUNTRIES.filter((c) => RULES[c].check);

/** An ID as people write it ("de 136 695.976", "DE-136695976") → "DE136695976". */
export function normalizeVatId(text: string): string {
  return text.toUpperCase().replace(/[\s.\-/,]/g, '');
}

export type VatIdResult =
  | { valid: true; vatId: string; country: EuVatCountry }
  | { valid: false; vatId: string; reason: 'country' | 'format' | 'checkDigit' };

/**
 * Checks an ID (with its country prefix) offline. `country`, when given, is the buyer's ISO
 * country: the ID must belong to it.
 */
export function checkVatId(text: string, country?: string): VatIdResult {
  const vatId = normalizeVatId(text);
  const prefix = vatId.slice(0, 2) as EuVatCountry;
  const rule = RULES[prefix] as Rule | undefined;
  if (!rule) return { valid: false, vatId, reason: 'country' };
  if (country !== undefined && vatPrefixOf(country) !== prefix)
    return { valid: false, vatId, reason: 'country' };
  // Belgian numbers issued before 2007 have nine digits: the same number with a leading 0.
  const body = prefix === 'BE' && vatId.length === 11 ? `0${vatId.slice(2)}` : vatId.slice(2);
  if (!rule.format.test(body)) return { valid: false, vatId, reason: 'format' };
  if (rule.check && !rule.check(body)) return { valid: false, vatId, reason: 'checkDigit' };
  return { valid: true, vatId, country: prefix };
}
