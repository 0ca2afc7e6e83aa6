import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { startTransition, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { lazyPage } from '../../app/lazy-page';
import { RevealAppPage } from '../../app/server-first-view';

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
// find-in-page never "scrolls near" at all. One section per idle moment, not all eleven at once:
// together they made one render and one layout of the whole page, seconds of a phone's main
// thread during which a tap waited.
const IDLE_LOAD_MS = 1500;

const idleQueue: (() => void)[] = [];
let isIdleScheduled = false;

function nextWhenIdle() {
  if (isIdleScheduled || idleQueue.length === 0) return;
  isIdleScheduled = true;
  const run = () => {
    isIdleScheduled = false;
    idleQueue.shift()?.();
    nextWhenIdle();
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: IDLE_LOAD_MS });
  else window.setTimeout(run, IDLE_LOAD_MS);
}

/** Runs `load` in a later idle moment, after those queued before it; returns its cancel. */
function whenIdle(load: () => void): () => void {
  idleQueue.push(load);
  nextWhenIdle();
  return () => {
    const at = idleQueue.indexOf(load);
    if (at >= 0) idleQueue.splice(at, 1);
  };
}

/**
 * spec §2 Home: sections load their code as a chunk of their own, so the home route's first
 * download stays small; a section starts loading when it comes near the screen or once the page
 * is idle (`isEager`: at once), and a placeholder of the same height holds its place so nothing
 * jumps (CLS). `firstView` names the part of the server's first view (`#mea-ssr`) that draws
 * this section: while it is there, the copy stays on screen over the section's loading box
 * (`data-awaits-page`) until the section itself has rendered, rather than swapping drawn cards
 * for grey blocks.
 */
export function lazySection(
  load: () => Promise<ComponentType>,
  {
    label,
    minHeight = 360,
    isEager = false,
    firstView,
  }: { label: MessageDescriptor; minHeight?: number; isEager?: boolean; firstView?: string },
) {
  const Section = lazyPage(load);
  return function LazySection() {
    const ref = useRef<HTMLDivElement>(null);
    const [isNear, setNear] = useState(isEager);
    useEffect(() => {
      const element = ref.current;
      if (!element || isNear) return;
      if (typeof IntersectionObserver === 'undefined') return setNear(true);
      // As a transition: React renders the section in slices that leave the main thread free
      // (its placeholder, of the same height, stays until the section is ready).
      const load = () => startTransition(() => setNear(true));
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) load();
        },
        { rootMargin: '200px 0px' },
      );
      observer.observe(element);
      const cancelIdle = whenIdle(load);
      return () => {
        observer.disconnect();
        cancelIdle();
      };
    }, [isNear]);
    const [isDrawnByServer] = useState(
      () => !!firstView && !!document.querySelector(`#mea-ssr ${firstView}`),
    );
    const placeholder = <SectionPlaceholder label={label} minHeight={minHeight} />;
    return (
      <div ref={ref}>
        {isNear ? (
          <Suspense
            fallback={isDrawnByServer ? <div data-awaits-page>{placeholder}</div> : placeholder}
          >
            <Section />
            {isDrawnByServer ? <RevealAppPage /> : null}
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    );
  };
}
