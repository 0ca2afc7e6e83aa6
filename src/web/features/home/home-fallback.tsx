import { PageSpinner } from '../../components/ui/spinner';

/**
 * What the home route shows while its code loads: the spinner in a viewport-tall box, so the
 * footer starts below the fold and the page arriving does not push it down. With the layout's
 * short spinner the footer sat on screen and jumped away (CLS 0.36 at 1280 px, 0.50 at 375 px;
 * `npx tsx bench/run-all.ts web-vitals`).
 */
export function HomeFallback() {
  return (
    <div className="min-h-svh">
      <PageSpinner />
    </div>
  );
}
