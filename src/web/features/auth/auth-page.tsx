import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { SessionUser } from '../../../contracts/auth';
import { PageSpinner } from '../../components/ui/spinner';
import { LanguagePicker } from '../../i18n/language-picker';
import { useStoreSignedInUser } from './api';
import { AuthTabs } from './auth-tabs';
import { landingPath, signInToast } from './landing';
import { useSession } from '../session';
import { useSiteInfo } from '../site';
import { useForcedLightTheme } from '../../lib/forced-light-theme';
import { paths, safeRedirectPath } from '../../lib/paths';
import { MOBILE_MEDIA_QUERY } from '../../lib/use-media-query';
import type { FromState } from '../../app/guards/access';
import { RevealAppPage } from '../../app/server-first-view';

/** The page a visitor was sent here from (router state, then ?redirect=), or null. */
export function rememberedPath(state: unknown, redirectParam: string | null): string | null {
  const from = (state as FromState | null)?.from;
  const fromState = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
  return safeRedirectPath(fromState) ?? safeRedirectPath(redirectParam);
}

/** Where a signed-in visitor goes: the page they came from (router state or ?redirect=), else home. */
export function returnPath(state: unknown, redirectParam: string | null): string {
  return rememberedPath(state, redirectParam) ?? paths.home();
}

/** spec §2 "Auth page". */
export function AuthPage() {
  useForcedLightTheme();
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const storeUser = useStoreSignedInUser();
  const site = useSiteInfo();
  // Set by a sign-in on this page, before the session cache changes: the landing by type wins
  // over the plain "already signed in" return.
  const [landing, setLanding] = useState<string | null>(null);

  function onSignedIn(signedIn: SessionUser) {
    const isMobile = window.matchMedia(MOBILE_MEDIA_QUERY).matches;
    const { title, description } = signInToast(signedIn, Date.now(), site?.appName);
    toast.success(title, { description });
    setLanding(
      rememberedPath(location.state, params.get('redirect')) ??
        landingPath(signedIn.userType, isMobile),
    );
    storeUser(signedIn);
  }

  // The server drew the signed-out page (seo first-view-auth.ts): it stays until the session is
  // known, rather than a spinner taking its place and the form coming back after it.
  if (isLoading)
    return (
      <div data-awaits-page>
        <PageSpinner />
      </div>
    );
  if (user) {
    return <Navigate to={landing ?? returnPath(location.state, params.get('redirect'))} replace />;
  }
  return (
    <section
      aria-labelledby="auth-title"
      className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10"
    >
      <div className="flex flex-col gap-1 text-center">
        <h1 id="auth-title" className="text-3xl font-bold tracking-tight">
          <Trans>Sign In or Register</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Find events, hire vendors and sell tickets with one account.</Trans>
        </p>
        {/* Before the forms: a visitor who cannot read English finds it first. */}
        <div className="mt-2 flex justify-center">
          <LanguagePicker />
        </div>
      </div>
      <AuthTabs onSignedIn={onSignedIn} />
      <RevealAppPage />
    </section>
  );
}
