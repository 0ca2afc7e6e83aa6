import { Trans } from '@lingui/react/macro';
import { ArrowLeft, Home, SearchX } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { isPaymentPath, shouldGoBack } from './not-found';

function routerIndex(): number {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state) {
    const idx = (state as { idx: unknown }).idx;
    if (typeof idx === 'number') return idx;
  }
  return 0;
}

export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  function goBack() {
    const back = shouldGoBack({
      referrer: document.referrer,
      origin: window.location.origin,
      historyLength: window.history.length,
      routerIndex: routerIndex(),
    });
    void (back ? navigate(-1) : navigate(paths.home()));
  }

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <SearchX aria-hidden="true" className="size-12 text-muted-foreground" />
      <p className="text-sm font-semibold text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Page Not Found</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>The page you are looking for does not exist or has been moved.</Trans>
      </p>
      {isPaymentPath(pathname) ? (
        <p
          className="rounded-md border border-border bg-muted px-4 py-3 text-sm"
          data-testid="payment-note"
        >
          <Trans>
            If you were completing a payment, please check your email for confirmation, or return to
            the event page to verify your purchase.
          </Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Go Back</Trans>
        </Button>
        <Link to={paths.home()} className={buttonClasses()}>
          <Home aria-hidden="true" className="size-4" />
          <Trans>Return Home</Trans>
        </Link>
      </div>
    </section>
  );
}
