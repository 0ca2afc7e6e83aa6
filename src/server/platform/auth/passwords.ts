import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (architecture page): 19 MiB memory, 2 passes, 1 lane.
// algorithm 2 is Argon2id; the package's const enum cannot be imported with isolated modules.
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// The cheapest argon2id the library allows, for the browser journeys' server only: its hundreds
// of sign-ins and sign-ups are about pages, not the hash's cost (decision 128). Verifying reads
// the cost from the stored hash, so an account made here also signs in cheaply.
const JOURNEY_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 256,
  timeCost: 1,
  parallelism: 1,
} as const;

/**
 * The baseline, except when NODE_ENV=test and CHEAP_PASSWORD_HASH=true (set by
 * e2e/playwright.config.ts alone; the integration tests keep the baseline and check it).
 */
export function passwordHashOptions(
  env: Record<string, string | undefined> = process.env,
): typeof PASSWORD_HASH_OPTIONS | typeof JOURNEY_HASH_OPTIONS {
  return env.NODE_ENV === 'test' && env.CHEAP_PASSWORD_HASH === 'true'
    ? JOURNEY_HASH_OPTIONS
    : PASSWORD_HASH_OPTIONS;
}

// Each hash takes a core for tens of milliseconds. Running at most (cores - 1) at once leaves a
// core for every other request while sign-in is flooded (bench/auth.ts measures both sides).
const MAX_CONCURRENT = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, passwordHashOptions()));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps both answers equally slow, so timing
// does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword('not-a-real-password'));
}
