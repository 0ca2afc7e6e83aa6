import { msg } from '@lingui/core/macro';
import type { ChatAnswer } from '../../../contracts/content';
import type { Locale } from '../../../contracts/locales';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { chatAnswerText } from './chat-answer';
import { isSupportStaff } from './content.policy';
import { presentUnanswered } from './content.presenter';
import * as q from './assistant.queries';
import { searchWords, type ContentDeps } from './content.service';
import { searchHelp } from './help.queries';
import { correctHelpWords } from './help.service';

// An article answers when it holds at least this share of the question's words (after typo
// correction and English stemming, stop words left out). Below it the bot says it has no answer.
const CHATBOT_MIN_COVERAGE = 0.5;
// The assistant's own sentence is in the asker's language; it answers from an article's version
// in that language when there is one (the English article otherwise), quoted as written.
const NO_ANSWER = msg`I'm sorry, I don't have an answer to that in our help center. You can rephrase the question, or talk to a person from our support team.`;

export async function askChatbot(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { question: string; locale: Locale },
): Promise<ChatAnswer> {
  const words = searchWords(params.question);
  const corrected = words.length ? await correctHelpWords(deps.db, words) : [];
  const hits = corrected.length
    ? await searchHelp(deps.db, {
        text: corrected.join(' '),
        mode: 'any',
        limit: 3,
        locale: params.locale,
      })
    : [];
  const good = hits.filter((hit) => hit.coverage >= CHATBOT_MIN_COVERAGE);
  const best = good[0];
  const id = await q.logChatQuestion(deps.db, {
    question: params.question.slice(0, 300),
    answered: Boolean(best),
    articleId: best?.id ?? null,
    createdAt: deps.clock.now(),
  });
  if (!best)
    return {
      id,
      answered: false,
      text: translate(params.locale, NO_ANSWER),
      sources: [],
    };
  return {
    id,
    answered: true,
    text: chatAnswerText(best, params.question),
    sources: good.map((hit) => ({ slug: hit.slug, title: hit.title })),
  };
}

export async function rateChatAnswer(
  deps: Pick<ContentDeps, 'db'>,
  params: { id: string; helpful: boolean },
) {
  if (!(await q.rateChatAnswer(deps.db, params)))
    throw new AppError('NOT_FOUND', msg`Answer not found`);
}

export async function unansweredQuestions(deps: Pick<ContentDeps, 'db'>, actor: AuthUser) {
  if (!isSupportStaff(actor)) throw new AppError('FORBIDDEN', msg`Required role: moderator`);
  return { items: (await q.findUnansweredQuestions(deps.db)).map(presentUnanswered) };
}
