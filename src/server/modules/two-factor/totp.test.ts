import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { acceptTotp, newTotpSecret, TOTP_STEP_SECONDS } from './totp';

const secret = newTotpSecret();
const at = (seconds: number) => new Date(seconds * 1000);
const codeAt = (seconds: number) => generateSync({ secret, epoch: seconds });
const T = 1_800_000_000; // a step boundary: T / 30 is whole
const step = T / TOTP_STEP_SECONDS;

describe('acceptTotp', () => {
  it('accepts the current code and gives its step', async () => {
    await expect(
      acceptTotp({ secret, code: codeAt(T), now: at(T + 5), lastUsedStep: null }),
    ).resolves.toBe(step);
  });

  it('accepts the codes one step either side, and no further', async () => {
    const now = at(T + 1);
    await expect(
      acceptTotp({ secret, code: codeAt(T - 30), now, lastUsedStep: null }),
    ).resolves.toBe(step - 1);
    await expect(
      acceptTotp({ secret, code: codeAt(T + 30), now, lastUsedStep: null }),
    ).resolves.toBe(step + 1);
    await expect(
      acceptTotp({ secret, code: codeAt(T - 60), now, lastUsedStep: null }),
    ).resolves.toBeNull();
    await expect(
      acceptTotp({ secret, code: codeAt(T + 60), now, lastUsedStep: null }),
    ).resolves.toBeNull();
  });

  it('refuses a code used before, and an earlier one after a later one was used', async () => {
    const now = at(T + 10);
    await expect(
      acceptTotp({ secret, code: codeAt(T), now, lastUsedStep: step }),
    ).resolves.toBeNull();
    await expect(
      acceptTotp({ secret, code: codeAt(T - 30), now, lastUsedStep: step }),
    ).resolves.toBeNull();
    await expect(
      acceptTotp({ secret, code: codeAt(T + 30), now, lastUsedStep: step }),
    ).resolves.toBe(step + 1);
  });

  it('refuses anything that is not six digits, and another secret’s code', async () => {
    const now = at(T);
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456'])
      await expect(acceptTotp({ secret, code, now, lastUsedStep: null })).resolves.toBeNull();
    const other = generateSync({ secret: newTotpSecret(), epoch: T });
    await expect(acceptTotp({ secret, code: other, now, lastUsedStep: null })).resolves.toBe(
      other === codeAt(T) ? step : null,
    );
  });
});
