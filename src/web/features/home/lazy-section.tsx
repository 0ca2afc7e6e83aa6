import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { lazyPage } from '../../app/lazy-page';

/** A grey block the size of a section, announced as loading (`label`: "Loading …"). */
export function SectionPlaceholder({
  label,
  minHeight,
}: {
  label: MessageDescriptor;
  minHeight: number;
}) {
  const { i18n } = useLingui();
  return (
    <div
      role="status"
      aria-label={i18n._(label)}
      data-placeholder="home-section"
      className="mx-auto w-full max-w-6xl px-4 py-10"
      style={{ minHeight }}
    >
      <div aria-hidden="true" className="flex h-full flex-col gap-4">
        <div className="h-8 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="grid flex-1 gap-4 sm:grid-cols-3">
          <div className="h-32 animate-pulse rounded-lg bg-muted" />
          <div className="h-32 animate-pulse rounded-lg bg-muted" />
          <div className="h-32 animate-pulse rounded-lg bg-muted" />
        </div>
      </div>
    </div>
  );
}

// After the first paint has settled, every section loads whether or not it was scrolled to: a
// phone's fast fling otherwise meets grey blocks, and a person reading with a screen reader or
// find-in-page never "scrolls near" at all.
const IDLE_LOAD_MS = 1500;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_LOAD_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, IDLE_LOAD_MS);
  return () => window.clearTimeout(timer);
}

/**
 * spec §2 Home: sections load their code as a chunk of their own, so the home route's first
 * download stays small; a section starts loading when it comes near the screen or once the page
 * is idle (`isEager`: at once), and a placeholder of the same height holds its place so nothing
 * jumps (CLS).
 */
export function lazySection(
  load: () => Promise<ComponentType>,
  {
    label,
    minHeight = 360,
    isEager = false,
  }: { label: MessageDescriptor; minHeight?: number; isEager?: boolean },
) {
  const Section = lazyPage(load);
  return function LazySection() {
    const ref = useRef<HTMLDivElement>(null);
    const [isNear, setNear] = useState(isEager);
    useEffect(() => {
      const element = ref.current;
      if (!element || isNear) return;
      if (typeof IntersectionObserver === 'undefined') return setNear(true);
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: '200px 0px' },
      );
      observer.observe(element);
      const cancelIdle = whenIdle(() => setNear(true));
      return () => {
        observer.disconnect();
        cancelIdle();
      };
    }, [isNear]);
    const placeholder = <SectionPlaceholder label={label} minHeight={minHeight} />;
    return (
      <div ref={ref}>
        {isNear ? <Suspense fallback={placeholder}>{<Section />}</Suspense> : placeholder}
      </div>
    );
  };
}
