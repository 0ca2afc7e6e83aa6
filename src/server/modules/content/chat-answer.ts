// The chatbot's answer is whole sentences of the article that answered: the passage that holds
// the question's words, and the sentences that follow it in the same paragraph, so the key fact
// after "contact the organizer" ("usually within 5 to 10 working days") is never cut off. A
// search-engine snippet cut by word count read as a broken sentence.

/** Longest answer, in characters: a chat bubble, not the article. Never cut inside a sentence. */
export const CHAT_ANSWER_MAX_CHARS = 480;

// Question words that say nothing about the subject.
const STOP_WORDS = new Set(
  (
    'a an and are can could do does did for from get got have has how i if in is it me my of on ' +
    'or should the there this to was what when where which who why will with would you your'
  ).split(' '),
);

/** A crude English stem: enough that "refunds", "refunded" and "refund" meet. */
function stem(word: string): string {
  const w = word.toLowerCase();
  const cut = w.replace(/(ing|ed|es|s)$/u, '');
  return (cut.length >= 3 ? cut : w).slice(0, 6);
}

function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Sentences of a paragraph, each ending with its own punctuation. */
export function sentencesOf(paragraph: string): string[] {
  return (
    paragraph
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+(?:[.!?]+["')\]]*|$)/gu) ?? []
  )
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The answer to `question` from an article: the best paragraph's sentences from the first one
 * holding most of the question's words, as many whole sentences as fit; the summary when no
 * sentence holds any of them.
 */
export function chatAnswerText(
  article: { body: string; summary: string },
  question: string,
  maxChars = CHAT_ANSWER_MAX_CHARS,
): string {
  const wanted = new Set(
    wordsOf(question)
      .filter((w) => !STOP_WORDS.has(w))
      .map(stem),
  );
  const paragraphs = article.body
    .split(/\n\s*\n/)
    .map(sentencesOf)
    .filter((p) => p.length);
  let best: { paragraph: string[]; index: number; score: number } | null = null;
  for (const paragraph of paragraphs) {
    paragraph.forEach((sentence, index) => {
      const held = new Set(wordsOf(sentence).map(stem));
      const score = [...wanted].filter((w) => held.has(w)).length;
      if (score > 0 && (!best || score > best.score)) best = { paragraph, index, score };
    });
  }
  const found = best as { paragraph: string[]; index: number; score: number } | null;
  if (!found) return article.summary;
  let answer = found.paragraph[found.index] ?? '';
  for (const next of found.paragraph.slice(found.index + 1)) {
    if (answer.length + 1 + next.length > maxChars) break;
    answer = `${answer} ${next}`;
  }
  return answer;
}
