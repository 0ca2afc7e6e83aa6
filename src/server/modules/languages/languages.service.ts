import type { Locale } from '../../../contracts/locales';
import type { DbExecutor } from '../../db/client';
import { updateUserLanguage } from './languages.queries';

/**
 * A signed-in person's choice is also their account's setting, so mail, push and their next
 * device speak it too; a signed-out visitor's lives only in the cookie the route sets.
 */
export async function chooseLanguage(
  deps: { db: DbExecutor },
  user: { id: string } | null,
  language: Locale,
): Promise<void> {
  if (user) await updateUserLanguage(deps.db, user.id, language);
}
