import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HEADLINE_FADE_MS, HEADLINE_ROTATE_MS } from '../../../contracts/limits';
import { Button, buttonClasses } from '../../components/ui/button';
import { cnLight } from '../../lib/cn-light';
import { useMediaQuery } from '../../lib/use-media-query';
import { paths } from '../../lib/paths';
import { useRotatingIndex } from './use-rotating-index';

export const HEADLINES = [
  msg`Discover events worth showing up for`,
  msg`Hire trusted DJs, caterers and hosts`,
  msg`Sell tickets and get paid, all in one place`,
  msg`Book the perfect venue for your next event`,
] as const;

export function Hero() {
  const { i18n } = useLingui();
  const prefersReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [isPausedByUser, setPausedByUser] = useState(false);
  // WCAG 2.2.2: moving text can be paused, and stays still for people who asked for less motion.
  const isPaused = isPausedByUser || prefersReducedMotion;
  const { index, isVisible } = useRotatingIndex(HEADLINES.length, {
    intervalMs: HEADLINE_ROTATE_MS,
    fadeMs: HEADLINE_FADE_MS,
    isPaused,
  });

  return (
    <section className="bg-gradient-to-b from-primary-soft to-background">
      {/* Kept short so the first events show above the fold on a laptop (decision 047). */}
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 pt-10 pb-6 text-center md:pt-14 md:pb-8">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">
          <Trans>The events marketplace</Trans>
        </p>
        <h1
          className={cnLight(
            'min-h-[3.4em] text-4xl font-extrabold tracking-tight text-balance transition-opacity ease-in-out md:min-h-[2.1em] md:text-6xl',
            isVisible ? 'opacity-100' : 'opacity-0',
          )}
          style={{ transitionDuration: `${HEADLINE_FADE_MS}ms` }}
        >
          {i18n._(HEADLINES[index] ?? HEADLINES[0])}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          <Trans>
            Attendees find events, organizers sell tickets and hire vendors, vendors and venues get
            booked and paid.
          </Trans>
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.auth()} className={buttonClasses({ size: 'lg' })}>
            <Trans>Sign In</Trans>
          </Link>
          <Link to={paths.auth()} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            <Trans>Register</Trans>
          </Link>
        </div>
        {prefersReducedMotion ? null : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setPausedByUser(!isPausedByUser)}
            aria-pressed={isPausedByUser}
            className="text-muted-foreground"
          >
            {isPausedByUser ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            <Trans>Pause headlines</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}
