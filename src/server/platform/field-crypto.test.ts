import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openField, sealField } from './field-crypto';

describe('sealed fields', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and two seals of one value differ', () => {
    const a = sealField(key, '123-45-6789');
    expect(openField(key, a)).toBe('123-45-6789');
    expect(sealField(key, '123-45-6789')).not.toBe(a);
    expect(a).not.toContain('6789');
  });

  it('refuses another key and an altered value', () => {
    const sealed = sealField(key, 'Ünïcødé 東京');
    expect(() => openField(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openField(key, parts.join('.'))).toThrow();
    expect(() => openField(key, 'plain text')).toThrow('Not a sealed field');
  });
});
