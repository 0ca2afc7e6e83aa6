import { randomInt } from 'node:crypto';
import {
  ACCESS_CODE_MESSAGES,
  ACCESS_CODE_RANDOM_LENGTH,
  type AccessCodeState,
} from '../../../contracts/access-codes';

/** What the rules need of a code: its settings and how many live orders use it. */
export interface CodeFacts {
  isActive: boolean;
  validUntil: Date | null;
  usageLimit: number | null;
  usedCount: number;
}

/** Where a code stands now; the first reason that stops it wins, in the order a buyer is told. */
export function codeState(code: CodeFacts, now: Date): AccessCodeState {
  if (!code.isActive) return 'inactive';
  if (code.validUntil && code.validUntil <= now) return 'expired';
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return 'used_up';
  return 'active';
}

/** The message a buyer gets for a code that cannot be used now (null: it can). */
export function refusalOf(state: AccessCodeState): string | null {
  switch (state) {
    case 'active':
      return null;
    case 'inactive':
      return ACCESS_CODE_MESSAGES.invalid;
    case 'expired':
      return ACCESS_CODE_MESSAGES.expired;
    case 'used_up':
      return ACCESS_CODE_MESSAGES.usedUp;
  }
}

/**
 * Whether an order needs the code: it does when a line is a hidden type that the type's own
 * unlock code does not already open. An order that needs no code never uses one up.
 */
export function typesNeedingCode<T extends { id: string; isHidden: boolean }>(
  types: readonly T[],
  openedOtherwise: (type: T) => boolean,
): T[] {
  return types.filter((type) => type.isHidden && !openedOtherwise(type));
}

/** Letters and digits a person reads back without confusion (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random part from a cryptographic source: 31^8 ≈ 8.5·10^11 codes, too many to guess. */
export function randomCodePart(
  length = ACCESS_CODE_RANDOM_LENGTH,
  pick: (max: number) => number = randomInt,
): string {
  let part = '';
  for (let i = 0; i < length; i++) part += CODE_ALPHABET[pick(CODE_ALPHABET.length)];
  return part;
}

/** "sponsor" → "SPONSOR-7KQ4XM2P". */
export const generatedCode = (prefix: string, random: string) =>
  `${prefix.trim().toUpperCase()}-${random}`;

/** Codes match without regard to case or surrounding spaces, as buyers type them. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
