import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';

/** The confirmation link lands on /?newsletter=confirmed|invalid: say what happened, once. */
export function NewsletterNotice() {
  const [params, setParams] = useSearchParams();
  const status = params.get('newsletter');
  useEffect(() => {
    if (status !== 'confirmed' && status !== 'invalid') return;
    if (status === 'confirmed')
      toast.success('You are subscribed', { description: 'Thanks for confirming your email.' });
    else
      toast.error('Link not valid', {
        description: 'This confirmation link is invalid or has expired.',
      });
    const next = new URLSearchParams(params);
    next.delete('newsletter');
    setParams(next, { replace: true });
  }, [status, params, setParams]);
  return null;
}
