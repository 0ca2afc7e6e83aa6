import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/session/api';
import { paths, safeRedirectPath } from '../../lib/paths';
import type { FromState } from '../guards/access';

/** Where a signed-in visitor goes: the page they came from (router state or ?redirect=), else home. */
export function returnPath(state: unknown, redirectParam: string | null): string {
  const from = (state as FromState | null)?.from;
  const fromState = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
  return safeRedirectPath(fromState) ?? safeRedirectPath(redirectParam) ?? paths.home();
}

/** spec §2 "Auth page": the tabs come with a later issue; the signed-in redirect works now. */
export function AuthPage() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();

  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={returnPath(location.state, params.get('redirect'))} replace />;
  return (
    <ComingSoon
      title="Sign In or Register"
      description="Sign in, create an account or reset your password here."
    />
  );
}
