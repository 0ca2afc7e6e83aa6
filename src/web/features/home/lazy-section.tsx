import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';

/** A grey block the size of a section, announced as loading. */
export function SectionPlaceholder({ label, minHeight }: { label: string; minHeight: number }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${label}`}
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

/**
 * spec §2 Home: sections below the fold load their code only when they come near the screen,
 * keeping the home route's first download small; a placeholder of the same height holds their
 * place so nothing jumps (CLS).
 */
export function lazySection(
  load: () => Promise<ComponentType>,
  { label, minHeight = 360 }: { label: string; minHeight?: number },
) {
  const Section = lazy(() => load().then((Component) => ({ default: Component })));
  return function LazySection() {
    const ref = useRef<HTMLDivElement>(null);
    const [isNear, setNear] = useState(false);
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
      return () => observer.disconnect();
    }, [isNear]);
    const placeholder = <SectionPlaceholder label={label} minHeight={minHeight} />;
    return (
      <div ref={ref}>
        {isNear ? <Suspense fallback={placeholder}>{<Section />}</Suspense> : placeholder}
      </div>
    );
  };
}
