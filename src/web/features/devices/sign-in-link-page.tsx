import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { SecondFactorStep } from '../two-factor';
import { useSignInWithLink } from './api';

// A full load: every cached answer was a signed-out visitor's.
const signedIn = () => window.location.replace('/');

/**
 * Where a mailed sign-in link lands: signs in once with its token. The link opens a page rather
 * than signing in on the GET itself, so mail scanners that follow links cannot use it up.
 */
export function SignInLinkPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInWithLink();
  const started = useRef(false);
  // The pending sign-in of a two-factor account expired while the step was open.
  const [expired, setExpired] = useState<string | null>(null);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    signIn.mutate(token, {
      onSuccess: ({ user }) => {
        if (user) signedIn();
      },
    });
  }, [token, signIn]);

  // An account with two-factor sign-in: the link stands for the password, the second step
  // follows here.
  const secondFactor = signIn.isSuccess && !expired ? signIn.data.secondFactor : undefined;
  const failed =
    !token ||
    signIn.isError ||
    !!expired ||
    (signIn.isSuccess && !signIn.data.user && !secondFactor);
  return (
    <section
      aria-labelledby="sign-in-link-title"
      className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10"
    >
      <h1 id="sign-in-link-title" className="text-2xl font-bold tracking-tight">
        <Trans>Signing you in</Trans>
      </h1>
      {secondFactor ? (
        <SecondFactorStep
          methods={secondFactor.methods}
          onSignedIn={signedIn}
          onRestart={setExpired}
        />
      ) : failed ? (
        <Alert variant="destructive" title={t`This sign-in link did not work`}>
          <p>
            {expired
              ? expired
              : signIn.isError
                ? errorMessage(
                    signIn.error,
                    t`This sign-in link is not valid. Please request a new one.`,
                  )
                : t`This sign-in link is not valid. Please request a new one.`}
          </p>
          <p className="mt-2">
            <Link to="/auth" className="font-medium underline">
              <Trans>Go to the sign-in page</Trans>
            </Link>
          </p>
        </Alert>
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
