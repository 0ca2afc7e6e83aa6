import { Suspense, type ComponentProps } from 'react';
import { lazyPage } from '../../app/lazy-page';

const Prompt = lazyPage(() => import('./experience-prompt').then((m) => m.ExperiencePrompt));

/**
 * The experience question, its code fetched only once a page has a reason to ask (a paid
 * checkout, a new event): most visits of those pages never need it.
 */
export function LazyExperiencePrompt(props: ComponentProps<typeof Prompt>) {
  if (!props.isTriggered) return null;
  return (
    <Suspense fallback={null}>
      <Prompt {...props} />
    </Suspense>
  );
}
