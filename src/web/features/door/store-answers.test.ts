import { describe, expect, it } from 'vitest';
import type { DoorTicket } from '../../../contracts/door';
import { withAnswers } from './store';

const ticket = (id: string, a?: DoorTicket['a']): DoorTicket => ({
  id,
  v: 0,
  h: 'h',
  n: 'Ada Obi',
  t: 0,
  s: 'valid',
  at: null,
  g: null,
  ...(a ? { a } : {}),
});

describe('answers keyed anew after the door questions changed', () => {
  it('replaces a ticket’s answers, and removes those of a ticket the server left out', () => {
    const renewed = { one: { '0': 'Vegan', '2': 'Acme' } };
    expect(withAnswers(ticket('one', { '0': 'Vegan' }), renewed).a).toEqual({
      '0': 'Vegan',
      '2': 'Acme',
    });
    expect('a' in withAnswers(ticket('two', { '1': 'Old' }), renewed)).toBe(false);
  });
});
