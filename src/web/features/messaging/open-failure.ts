import { MESSAGING_MESSAGES } from '../../../contracts/messaging';
import { ApiError } from '../../lib/api-client';

/**
 * Opening `?chat=` failed: spec §8's words, always. When the server said why (no such person,
 * not allowed), the reason follows on the page as a detail; a failure it did not explain has none.
 */
export function openFailure(error: unknown): {
  title: string;
  body: string;
  reason: string | null;
} {
  const explained = error instanceof ApiError && [400, 403, 404].includes(error.status);
  return {
    title: MESSAGING_MESSAGES.chatCreationTitle,
    body: MESSAGING_MESSAGES.chatCreationBody,
    reason: explained ? error.message : null,
  };
}
