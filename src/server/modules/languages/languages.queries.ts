import { eq } from 'drizzle-orm';
import type { Locale } from '../../../contracts/locales';
import type { DbExecutor } from '../../db/client';
import { users } from '../../db/schema/users';

export async function updateUserLanguage(db: DbExecutor, userId: string, language: Locale) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
