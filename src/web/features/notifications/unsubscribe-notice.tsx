import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_MESSAGES } from '../../../contracts/notification-types';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { unsubscribeQuery } from './api';
import { notificationKeys } from './keys';

/**
 * The landing of an e-mail's unsubscribe link (/notification-settings?unsubscribe=<token>):
 * turns that kind of e-mail off, signed in or not, and says which kind it was.
 */
export function UnsubscribeNotice({ token, isSignedIn }: { token: string; isSignedIn: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(unsubscribeQuery(token));
  // The settings shown below (signed in) must show that e-mail turned off.
  useEffect(() => {
    if (query.isSuccess)
      void queryClient.invalidateQueries({ queryKey: notificationKeys.settings() });
  }, [query.isSuccess, queryClient]);
  if (query.isPending) return <Spinner label="Turning off these e-mails" />;
  if (query.isError) {
    const isRefused = query.error instanceof ApiError && query.error.status < 500;
    return (
      <Alert variant="destructive" title="We could not unsubscribe you">
        <p>
          {isRefused
            ? NOTIFICATION_MESSAGES.unsubscribeInvalid
            : errorMessage(query.error, 'Please try again later.')}
        </p>
        {isSignedIn ? null : <SignInLink>Sign in to choose your e-mails</SignInLink>}
      </Alert>
    );
  }
  return (
    <Alert variant="success" title="Unsubscribed">
      <p>
        You will no longer get e-mails about <strong>{query.data.label}</strong>.
        {isSignedIn ? ' You can change this and every other choice below.' : null}
      </p>
      {isSignedIn ? null : (
        <SignInLink>Sign in to manage all your notification settings</SignInLink>
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
