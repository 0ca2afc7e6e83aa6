/**
 * The seat page's first view (the server's copy of the page with the map, seat-first-view.ts)
 * and the app agree on these: where the map goes, and how a seat chosen there is marked, so the
 * app starts with the seats a person chose before it had loaded.
 */

/** The first view's map column (written by the server, filled by seat-first-view.ts). */
export const FIRST_VIEW_MAP = 'data-seat-first-view';

/** The seats chosen on the first view's map, in the order they were chosen. */
export function firstViewChoice(): string[] {
  const marks = document.querySelectorAll(`#mea-ssr [${FIRST_VIEW_MAP}] [data-state="selected"]`);
  return [...marks].flatMap((mark) => mark.getAttribute('data-seat') ?? []);
}
