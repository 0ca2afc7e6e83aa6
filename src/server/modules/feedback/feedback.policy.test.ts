import { describe, expect, it } from 'vitest';
import { answerErrors, feedbackWindow, ratingIsShown } from './feedback.policy';

const end = new Date('2026-11-20T20:00:00Z');
const at = (ms: number) => new Date(end.getTime() + ms);
const DAY = 86_400_000;

describe('feedback policy', () => {
  it('opens at the end and closes seven days later', () => {
    expect(feedbackWindow(end, at(-1))).toBe('not_ended');
    expect(feedbackWindow(end, at(0))).toBe('open');
    expect(feedbackWindow(end, at(7 * DAY))).toBe('open');
    expect(feedbackWindow(end, at(7 * DAY + 1))).toBe('closed');
  });

  it('shows a rating from three ratings', () => {
    expect(ratingIsShown(2)).toBe(false);
    expect(ratingIsShown(3)).toBe(true);
  });

  it('names the answer that does not fit its question', () => {
    const questions = [
      { id: 'a', kind: 'scale' as const, options: [] },
      { id: 'b', kind: 'choice' as const, options: ['Yes', 'No'] },
      { id: 'c', kind: 'text' as const, options: [] },
    ];
    expect(answerErrors(questions, { a: 4, b: 'Yes', c: 'Great sound' })).toEqual([]);
    expect(answerErrors(questions, { a: 6, b: 'Maybe', c: 3, d: 'x' }).map((e) => e.field)).toEqual(
      ['answers.a', 'answers.b', 'answers.c', 'answers.d'],
    );
  });
});
