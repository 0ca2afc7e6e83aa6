import { randomUUID } from 'node:crypto';
import type { Role, UserType } from '../../contracts/enums';
import type { DbExecutor } from '../db/client';
import { profiles, userRoles, users } from '../db/schema/users';
import { hashPassword } from '../platform/auth/passwords';

// One set of factories for the demo seed, integration tests and browser tests
// (docs/architecture.md "Tests"). Each returns what it inserted.

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

// argon2id is slow on purpose; tests create many users with the same password, so hash each
// distinct password once per process.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface CreateUserInput {
  email?: string;
  password?: string;
  fullName?: string;
  userType?: UserType;
  roles?: Role[];
  businessName?: string | null;
  category?: string | null;
  service?: string | null;
  phone?: string | null;
  avatarUrl?: string | null;
  emailConfirmed?: boolean;
  createdAt?: Date;
}

export async function createUser(db: DbExecutor, input: CreateUserInput = {}) {
  const id = randomUUID();
  const createdAt = input.createdAt ?? new Date();
  const email = input.email ?? `user-${id.slice(0, 8)}@example.test`;
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id,
        email,
        passwordHash: await cachedHash(password),
        emailConfirmedAt: input.emailConfirmed === false ? null : createdAt,
        createdAt,
      })
      .returning();
    const [profile] = await tx
      .insert(profiles)
      .values({
        id,
        fullName: input.fullName ?? 'Test User',
        userType: input.userType ?? 'attendee',
        businessName: input.businessName ?? null,
        category: input.category ?? null,
        service: input.service ?? null,
        phone: input.phone ?? null,
        avatarUrl: input.avatarUrl ?? null,
        createdAt,
      })
      .returning();
    const roles = input.roles ?? [];
    if (roles.length)
      await tx.insert(userRoles).values(roles.map((role) => ({ userId: id, role })));
    if (!user || !profile) throw new Error('createUser inserted nothing');
    return { ...user, profile, roles, password };
  });
}
export type CreatedUser = Awaited<ReturnType<typeof createUser>>;
