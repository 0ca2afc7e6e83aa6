import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';

/** The confirmation link lands on /?newsletter=confirmed|invalid: say what happened, once. */
export function NewsletterNotice() {
  const [params, setParams] = useSearchParams();
  const status = params.get('newsletter');
  const { t } = useLingui();
  useEffect(() => {
    if (status !== 'confirmed' && status !== 'invalid') return;
    if (status === 'confirmed')
      toast.success(t`You are subscribed`, { description: t`Thanks for confirming your email.` });
    else
      toast.error(t`Link not valid`, {
        description: t`This confirmation link is invalid or has expired.`,
      });
    const next = new URLSearchParams(params);
    next.delete('newsletter');
    setParams(next, { replace: true });
  }, [status, params, setParams, t]);
  return null;
}
