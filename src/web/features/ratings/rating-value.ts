import { RATING_MAX, RATING_MIN } from '../../../contracts/limits';

/**
 * spec §5 rating: what a typed score does to the current choice. Empty input resets to none;
 * anything that is not a whole number from 1 to 10 is ignored (the previous choice stays).
 */
export function nextRating(typed: string, current: number | null): number | null {
  const text = typed.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return current;
  const value = Number(text);
  return value >= RATING_MIN && value <= RATING_MAX ? value : current;
}
