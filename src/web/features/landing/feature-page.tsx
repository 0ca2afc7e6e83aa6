import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

// The landing-page template of the product's feature pages (what a vendor or organizer gets, how
// it works, what to do next); not the email marketing of features/email-lists.

/**
 * A text of the page: a `msg` descriptor, so a page's content can be a module-level constant
 * read in the active language, or a string already in it.
 */
export type FeatureText = string | MessageDescriptor;

export interface FeatureAction {
  label: FeatureText;
  to: string;
}

export interface FeatureStep {
  title: FeatureText;
  text: FeatureText;
}

export interface FeatureBenefit {
  icon: LucideIcon;
  title: FeatureText;
  text: FeatureText;
}

export interface FeatureContent {
  /** The small line above the title, e.g. "For organizers". */
  eyebrow: FeatureText;
  title: FeatureText;
  lead: FeatureText;
  primary: FeatureAction;
  secondary?: FeatureAction;
  steps: readonly FeatureStep[];
  benefits: readonly FeatureBenefit[];
  /** The closing call to action. */
  closing: { title: FeatureText; text: FeatureText; action: FeatureAction };
  /** Other feature pages worth reading next. */
  related: readonly FeatureAction[];
}

/**
 * A feature marketing page under /features/ (spec §2): a hero with the calls to action, how it
 * works in numbered steps, what you get, a closing call to action and related pages. The look
 * follows the home page's hero and "How It Works".
 */
export function FeaturePage({ content }: { content: FeatureContent }) {
  const { i18n, t } = useLingui();
  const text = (value: FeatureText) => (typeof value === 'string' ? value : i18n._(value));
  const { eyebrow, title, lead, primary, secondary, steps, benefits, closing, related } = content;
  return (
    <div>
      <section className="bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-12 text-center md:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            {text(eyebrow)}
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance md:text-5xl">
            {text(title)}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{text(lead)}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={primary.to} className={buttonClasses({ size: 'lg' })}>
              {text(primary.label)}
            </Link>
            {secondary ? (
              <Link to={secondary.to} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                {text(secondary.label)}
              </Link>
            ) : null}
          </div>
        </div>
      </section>

      <section aria-labelledby="feature-steps" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="feature-steps" className="mb-8 text-center text-3xl font-bold tracking-tight">
          <Trans>How it works</Trans>
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={i}>
              <Card className="h-full">
                <CardHeader>
                  <span
                    aria-hidden="true"
                    className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
                  >
                    {i + 1}
                  </span>
                  <CardTitle className="text-lg">{text(step.title)}</CardTitle>
                  <CardDescription>{text(step.text)}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="feature-benefits" className="bg-primary-soft">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="feature-benefits" className="mb-8 text-center text-3xl font-bold tracking-tight">
            <Trans>What you get</Trans>
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map((benefit, i) => (
              <li key={i} className="rounded-lg border border-border bg-card p-6">
                <benefit.icon aria-hidden="true" className="mb-2 size-7 text-primary" />
                <h3 className="font-semibold">{text(benefit.title)}</h3>
                <p className="text-sm text-muted-foreground">{text(benefit.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="feature-closing"
        className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center"
      >
        <h2 id="feature-closing" className="text-3xl font-bold tracking-tight">
          {text(closing.title)}
        </h2>
        <p className="text-muted-foreground">{text(closing.text)}</p>
        <Link to={closing.action.to} className={buttonClasses({ size: 'lg' })}>
          {text(closing.action.label)}
        </Link>
      </section>

      {related.length ? (
        <nav aria-label={t`More features`} className="mx-auto max-w-6xl px-4 pb-16">
          <h2 className="mb-4 text-center text-lg font-semibold">
            <Trans>More vendor features</Trans>
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="flex h-full items-center rounded-lg border border-border p-4 font-medium hover:bg-muted"
                >
                  {text(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
