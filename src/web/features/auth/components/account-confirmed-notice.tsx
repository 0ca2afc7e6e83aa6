import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';

/**
 * spec §7: the sign-up confirmation link redirects to `/` (as `/?account=confirmed`); say the
 * address is confirmed, once, and drop the marker so a reload or a shared link does not say it
 * again. A link that failed lands on /auth instead (ConfirmationNotice).
 */
export function AccountConfirmedNotice() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const confirmed = params.get('account') === 'confirmed';
  useEffect(() => {
    if (!confirmed) return;
    toast.success(t`Email confirmed`, {
      description: t`Your email address is confirmed. You can sign in now.`,
    });
    const next = new URLSearchParams(params);
    next.delete('account');
    setParams(next, { replace: true });
  }, [confirmed, params, setParams, t]);
  return null;
}
