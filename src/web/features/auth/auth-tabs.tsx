import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { SessionUser } from '../../../contracts/auth';
import { SIGNUP_REDIRECT_TO_LOGIN_MS } from '../../../contracts/limits';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent } from '../../components/ui/card';
import { TabList, TabPanel, type TabItem } from '../../components/ui/tabs';
import { PasskeySignInButton } from '../passkeys';
import { SignInLinkRequest } from '../devices';
import { RatingDialog } from '../ratings';
import { ConfirmationNotice } from './components/confirmation-notice';
import { GuestButton } from './components/guest-button';
import { ResendConfirmation } from './components/resend-confirmation';
import { ResetRequestForm } from './components/reset-request-form';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';

export type AuthTab = 'signin' | 'signup' | 'reset';

const TABS = [
  { value: 'signin', label: msg`Sign In` },
  { value: 'signup', label: msg`Sign Up` },
  { value: 'reset', label: msg`Reset Password` },
] as const;

/** `?tab=signup` / `?tab=reset` deep-link to a tab; anything else is Sign In. */
export function tabFromParam(value: string | null): AuthTab {
  return value === 'signup' || value === 'reset' ? value : 'signin';
}

const ID = 'auth';

/**
 * spec §2 "Auth page": the Sign In, Sign Up and Reset Password tabs, with the sign-up flow of
 * spec §4 (toast, rating prompt after 1 s, Sign In tab after 5 s with the email filled in).
 */
export function AuthTabs({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { i18n, t } = useLingui();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const tab = tabFromParam(params.get('tab'));
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);

  function selectTab(next: AuthTab) {
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'signin') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      // Keep the remembered origin (router state) across tab switches.
      { replace: true, state: location.state as unknown },
    );
  }

  // spec §4/§9: 5000 ms after sign-up the view switches to the Sign In tab.
  useEffect(() => {
    if (!signedUpEmail) return;
    const timer = window.setTimeout(() => selectTab('signin'), SIGNUP_REDIRECT_TO_LOGIN_MS);
    return () => window.clearTimeout(timer);
    // Only a new sign-up restarts the timer; selectTab reads the latest URL when it fires.
  }, [signedUpEmail]);

  const tabs: TabItem<AuthTab>[] = TABS.map((item) => ({ ...item, label: i18n._(item.label) }));
  const email = signedUpEmail;
  const signedUpNotice = email ? (
    <Alert variant="success" title={t`Check your email`}>
      <p>
        <Trans>
          We sent a confirmation link to {email}. Click it to activate your account, then sign in.
        </Trans>
      </p>
      <ResendConfirmation email={email} />
    </Alert>
  ) : null;

  return (
    <Card>
      <CardContent className="flex flex-col gap-5 px-4 pt-6 sm:px-6">
        <ConfirmationNotice params={params} />
        <TabList idBase={ID} label={t`Account`} items={tabs} value={tab} onChange={selectTab} />

        <TabPanel idBase={ID} value="signin" isActive={tab === 'signin'}>
          <div className="flex flex-col gap-4">
            {signedUpNotice}
            {/* Remounts with the new address once a sign-up finishes (spec §4). */}
            <SignInForm
              key={signedUpEmail ?? ''}
              defaultEmail={signedUpEmail ?? ''}
              onSignedIn={onSignedIn}
            />
            <PasskeySignInButton onSignedIn={onSignedIn} />
            <SignInLinkRequest />
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <span className="h-px flex-1 bg-border" />
              <Trans>or</Trans>
              <span className="h-px flex-1 bg-border" />
            </div>
            <GuestButton />
          </div>
        </TabPanel>

        <TabPanel idBase={ID} value="signup" isActive={tab === 'signup'}>
          <div className="flex flex-col gap-4">
            {signedUpNotice}
            <SignUpForm onSignedUp={setSignedUpEmail} />
          </div>
        </TabPanel>

        <TabPanel idBase={ID} value="reset" isActive={tab === 'reset'}>
          <ResetRequestForm />
        </TabPanel>
      </CardContent>
      <RatingDialog
        isTriggered={signedUpEmail !== null}
        ratingType="signup"
        title={t`How easy was it to sign up?`}
        description={t`Rate it from 1 (super easy) to 10 (most difficult). Your answer helps us improve.`}
      />
    </Card>
  );
}
