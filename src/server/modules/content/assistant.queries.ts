import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { chatbotQuestions } from '../../db/schema/content';
import { must } from '../../platform/must';

export async function logChatQuestion(
  db: DbExecutor,
  values: typeof chatbotQuestions.$inferInsert,
) {
  const [row] = await db
    .insert(chatbotQuestions)
    .values(values)
    .returning({ id: chatbotQuestions.id });
  return must(row, 'logged question').id;
}

export async function rateChatAnswer(db: DbExecutor, params: { id: string; helpful: boolean }) {
  const rows = await db
    .update(chatbotQuestions)
    .set({ helpful: params.helpful })
    .where(eq(chatbotQuestions.id, params.id))
    .returning({ id: chatbotQuestions.id });
  return rows.length === 1;
}

export async function findUnansweredQuestions(db: DbExecutor) {
  const result = await db.execute<{ question: string; count: number; last_asked_at: Date }>(sql`
    select lower(question) as question, count(*)::int as count, max(created_at) as last_asked_at
    from ${chatbotQuestions} where not answered or helpful = false
    group by lower(question) order by count(*) desc, max(created_at) desc limit 100`);
  return result.rows;
}
