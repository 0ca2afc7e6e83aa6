import { expect, it } from 'vitest';
import { SEARCH_MIN_LENGTH } from '../../../contracts/events';
import { SUGGEST_MIN_LENGTH } from './suggest-min-length';

it('suggests from the same minimum length the API searches from', () => {
  expect(SUGGEST_MIN_LENGTH).toBe(SEARCH_MIN_LENGTH);
});
