import { Trans } from '@lingui/react/macro';
import { NewsletterForm } from '../newsletter';

export function NewsletterSection() {
  return (
    <section aria-labelledby="home-newsletter" className="bg-muted/60">
      <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12 text-center">
        <h2 id="home-newsletter" className="text-3xl font-bold tracking-tight">
          <Trans>Get the newsletter</Trans>
        </h2>
        <p className="text-muted-foreground">
          <Trans>New events and tips once a week. We ask you to confirm by email first.</Trans>
        </p>
        <NewsletterForm />
      </div>
    </section>
  );
}
