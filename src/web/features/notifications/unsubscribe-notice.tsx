import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { unsubscribeQuery } from './api';
import { notificationKeys } from './keys';
import { NOTICES } from './texts';

/**
 * The landing of an e-mail's unsubscribe link (/notification-settings?unsubscribe=<token>):
 * turns that kind of e-mail off, signed in or not, and says which kind it was.
 */
export function UnsubscribeNotice({ token, isSignedIn }: { token: string; isSignedIn: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(unsubscribeQuery(token));
  const { i18n, t } = useLingui();
  // The settings shown below (signed in) must show that e-mail turned off.
  useEffect(() => {
    if (query.isSuccess)
      void queryClient.invalidateQueries({ queryKey: notificationKeys.settings() });
  }, [query.isSuccess, queryClient]);
  if (query.isPending) return <Spinner label={t`Turning off these e-mails`} />;
  if (query.isError) {
    const isRefused = query.error instanceof ApiError && query.error.status < 500;
    return (
      <Alert variant="destructive" title={t`We could not unsubscribe you`}>
        <p>
          {isRefused
            ? i18n._(NOTICES.unsubscribeInvalid)
            : errorMessage(query.error, t`Please try again later.`)}
        </p>
        {isSignedIn ? null : <SignInLink>{t`Sign in to choose your e-mails`}</SignInLink>}
      </Alert>
    );
  }
  const label = query.data.label;
  return (
    <Alert variant="success" title={t`Unsubscribed`}>
      <p>
        <Trans>
          You will no longer get e-mails about <strong>{label}</strong>.
        </Trans>
        {isSignedIn ? ` ${t`You can change this and every other choice below.`}` : null}
      </p>
      {isSignedIn ? null : (
        <SignInLink>{t`Sign in to manage all your notification settings`}</SignInLink>
      )}
    </Alert>
  );
}

/** For someone who came from an email link signed out: sign in, then land on the settings. */
function SignInLink({ children }: { children: string }) {
  return (
    <p>
      <Link
        to={paths.auth(paths.notificationSettings())}
        className="font-medium underline underline-offset-2"
      >
        {children}
      </Link>
    </p>
  );
}
