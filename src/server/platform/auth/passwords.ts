import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (architecture page): 19 MiB memory, 2 passes, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Argon2id; the package's const enum cannot be imported here */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
