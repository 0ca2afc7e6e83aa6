import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten different codes of two groups of five unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('are read back whatever the case, spacing and dashes', () => {
    const [code = ''] = newRecoveryCodes();
    expect(normalizeRecoveryCode(code)).toBe(code);
    expect(normalizeRecoveryCode(code.toUpperCase())).toBe(code);
    expect(normalizeRecoveryCode(` ${code.replace('-', ' ')} `)).toBe(code);
    expect(normalizeRecoveryCode(code.replace('-', ''))).toBe(code);
  });

  it('read o, i and l as the digits people meant', () => {
    expect(normalizeRecoveryCode('OIL23-45678')).toBe('01123-45678');
  });

  it('refuse what cannot be a code', () => {
    for (const input of ['', 'abcd-efgh', 'abcde-fghjkm', 'abcde-fghj!', 'uuuuu-uuuuu'])
      expect(normalizeRecoveryCode(input)).toBeNull();
  });
});
