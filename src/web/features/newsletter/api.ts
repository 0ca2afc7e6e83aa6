import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/newsletter: stores the address and mails a confirmation link (double opt-in). */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (email: string) => apiPost<{ ok: true }>('/api/newsletter', { email }),
  });
}
