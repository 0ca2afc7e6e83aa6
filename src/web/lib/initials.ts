import { firstGraphemes } from '../../contracts/text';

/** Up to two initials for an avatar placeholder; "?" for a blank name. */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // The first character as people see it: a whole emoji or accented letter, not half of one.
      .map((part) => firstGraphemes(part).toUpperCase())
      .join('') || '?'
  );
}
