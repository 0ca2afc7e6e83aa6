import { lazy, Suspense, type ComponentProps } from 'react';

const Prompt = lazy(() =>
  import('./experience-prompt').then((m) => ({ default: m.ExperiencePrompt })),
);

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
