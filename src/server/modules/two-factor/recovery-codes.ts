import { randomInt } from 'node:crypto';

// Ten single-use recovery codes, for a lost phone. Crockford's base32 (no i, l, o, u: nothing to
// misread), ten characters in two groups of five: 50 random bits each, stored as argon2id hashes.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * The code as it was issued, whatever the person typed around it: case, spaces and dashes do not
 * matter, and the letters people read for digits (o, i, l) count as those digits. Null when it
 * cannot be a recovery code.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}
