import { useSearchParams } from 'react-router';

/** The query parameter that carries an access code in a link (`/event/{id}?code=XYZ`). */
export const CODE_PARAM = 'code';

/** `path` with the access code added to its query, so the code follows the buyer. */
export function withAccessCode(path: string, code: string | null | undefined): string {
  if (!code) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${CODE_PARAM}=${encodeURIComponent(code)}`;
}

/** The access code the page's link carries, if any. */
export function useLinkCode(): string | null {
  const [params] = useSearchParams();
  return params.get(CODE_PARAM)?.trim() || null;
}

/** Where an event's access codes are managed (owner or admin). */
export const eventAccessCodesPath = (eventId: string) =>
  `/event/${encodeURIComponent(eventId)}/access-codes`;
