import { describe, expect, it } from 'vitest';
import { chatAnswerText, sentencesOf } from './chat-answer';
import { HELP_ARTICLES } from './help-content';

const refunds = {
  summary: 'Refunds are given by the event organizer; cancelled events are refunded in full.',
  body: `To get a refund, contact the organizer of the event: the organizer decides refunds for their event and can refund your order from the event's sales page. The money goes back to the card you paid with, usually within 5 to 10 working days.

If an event is cancelled, every ticket holder is refunded in full automatically. If the organizer does not answer, use the contact form with your order reference and our support team will help.`,
};

describe('chatAnswerText', () => {
  it('answers with whole sentences that hold what was asked and the fact after it', () => {
    const answer = chatAnswerText(refunds, 'How do I get a refund?');
    expect(answer).toBe(
      "To get a refund, contact the organizer of the event: the organizer decides refunds for their event and can refund your order from the event's sales page. The money goes back to the card you paid with, usually within 5 to 10 working days.",
    );
  });

  it('starts at the sentence that holds the question words', () => {
    expect(chatAnswerText(refunds, 'What if my event is cancelled?')).toBe(
      'If an event is cancelled, every ticket holder is refunded in full automatically. If the organizer does not answer, use the contact form with your order reference and our support team will help.',
    );
  });

  it('never cuts a sentence, even past the length it aims for', () => {
    const answer = chatAnswerText(refunds, 'refund', 50);
    expect(answer.endsWith('sales page.')).toBe(true);
  });

  it('falls back to the summary when no sentence holds a word of the question', () => {
    expect(chatAnswerText(refunds, 'zebra')).toBe(refunds.summary);
  });

  it('answers in whole sentences for every help article', () => {
    for (const article of HELP_ARTICLES) {
      const answer = chatAnswerText(article, article.title);
      expect(answer, article.slug).toMatch(/[.!?]["')\]]*$/);
    }
  });
});

describe('sentencesOf', () => {
  it('keeps each sentence with its punctuation', () => {
    expect(sentencesOf('One. Two!  Three?')).toEqual(['One.', 'Two!', 'Three?']);
  });
});
