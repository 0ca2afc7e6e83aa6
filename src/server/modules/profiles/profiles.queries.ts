import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { profiles, users } from '../../db/schema/users';

export async function getProfile(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({
      id: profiles.id,
      email: users.email,
      fullName: profiles.fullName,
      phone: profiles.phone,
      businessName: profiles.businessName,
      category: profiles.category,
      service: profiles.service,
      avatarUrl: profiles.avatarUrl,
      userType: profiles.userType,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, params.userId));
  return row ?? null;
}

export async function updateProfile(
  db: DbExecutor,
  params: {
    userId: string;
    now: Date;
    values: Partial<
      Pick<
        typeof profiles.$inferInsert,
        'fullName' | 'phone' | 'businessName' | 'category' | 'avatarUrl'
      >
    >;
  },
) {
  await db
    .update(profiles)
    .set({ ...params.values, updatedAt: params.now })
    .where(eq(profiles.id, params.userId));
}
