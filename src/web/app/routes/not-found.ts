// Decisions of the 404 page (spec §2 "Not found"), kept apart from the markup so tests can
// state them plainly.

/** spec §2: paths about a payment or checkout get a note on how to check the purchase. */
export function isPaymentPath(pathname: string): boolean {
  return /payment|checkout/i.test(pathname);
}

export interface GoBackContext {
  /** document.referrer: '' when the page was opened directly. */
  referrer: string;
  /** window.location.origin. */
  origin: string;
  /** window.history.length: 1 means there is no previous entry in this tab. */
  historyLength: number;
  /** React Router's index of this entry in its own history (0 for the first page it showed). */
  routerIndex: number;
}

function isSameOrigin(referrer: string, origin: string): boolean {
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * spec §2: Go Back returns to the previous page only when the visitor came from this site,
 * otherwise it goes home. document.referrer only changes on full page loads, so a previous
 * entry made by the client router (routerIndex > 0) counts as coming from this site too.
 */
export function shouldGoBack(context: GoBackContext): boolean {
  if (context.routerIndex > 0) return true;
  return context.historyLength > 1 && isSameOrigin(context.referrer, context.origin);
}
