import { describe, expect, it } from 'vitest';
import { answersCutOff, canEditAnswers, editsOrderAnswers } from './questions.policy';

const starts = new Date('2027-03-01T18:00:00Z');
const cutOff = new Date('2027-02-20T00:00:00Z');

describe('answers policy', () => {
  it('the cut-off is the organizer’s, else the event’s start', () => {
    expect(answersCutOff({ answersEditableUntil: cutOff, eventStartsAt: starts })).toBe(cutOff);
    expect(answersCutOff({ answersEditableUntil: null, eventStartsAt: starts })).toBe(starts);
  });

  it.each([
    ['before the cut-off', new Date('2027-02-19T23:59:59Z'), 'valid', true],
    ['checked in, before the cut-off', new Date('2027-02-01T00:00:00Z'), 'checked_in', true],
    ['at the cut-off', cutOff, 'valid', false],
    ['after the cut-off', new Date('2027-02-21T00:00:00Z'), 'valid', false],
    ['a refunded ticket', new Date('2027-02-01T00:00:00Z'), 'void', false],
  ] as const)('%s', (_, now, status, expected) => {
    expect(canEditAnswers({ now, cutOff, status })).toBe(expected);
  });

  it('only the buyer edits the order’s answers', () => {
    expect(editsOrderAnswers({ id: 'a' }, { buyerId: 'a' })).toBe(true);
    expect(editsOrderAnswers({ id: 'b' }, { buyerId: 'a' })).toBe(false);
  });
});
