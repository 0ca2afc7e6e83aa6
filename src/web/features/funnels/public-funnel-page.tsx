import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PublicFunnelSchema, type PublicFunnel } from '../../../contracts/marketing';
import { publicFunnelQuery, recordView } from './api';
import { RenderBlocks } from './blocks';

/**
 * The funnel the server rendered into this page (`#mea-ssr-data`, decision 024),
 * when it is the one asked for: the app starts from it instead of asking the API again.
 */
function serverFunnel(slug: string): PublicFunnel | undefined {
  const element = document.getElementById('mea-ssr-data');
  if (!element?.textContent) return undefined;
  try {
    const parsed = PublicFunnelSchema.safeParse(JSON.parse(element.textContent));
    return parsed.success && parsed.data.slug === slug ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's copy of the page stays on screen (and the app's root hidden) until this page has
 * something to show; then it goes, before the browser paints, so nothing flashes.
 */
function useReplaceServerPage(ready: boolean) {
  useLayoutEffect(() => {
    if (!ready) return;
    document.getElementById('mea-ssr')?.remove();
    document.getElementById('root')?.removeAttribute('hidden');
  }, [ready]);
}

/**
 * /f/{slug}: a published funnel for any visitor, outside the main layout. It renders the
 * published snapshot with the shared blocks (no editor code) and counts a view per step. The
 * server sends the same page as HTML first (`?step=N` picks the step without JavaScript).
 */
export function PublicFunnelPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const [initial] = useState(() => serverFunnel(slug));
  const funnel = useQuery({ ...publicFunnelQuery(slug), initialData: initial });
  const [step, setStep] = useState(() => {
    const asked = Number(search.get('step') ?? 0);
    return Number.isInteger(asked) && asked >= 0 && asked <= 9 ? asked : 0;
  });
  const doc = funnel.data?.document;
  useReplaceServerPage(!funnel.isPending);

  useEffect(() => {
    if (!doc) return;
    document.title = doc.seoTitle || funnel.data?.name || document.title;
    const description = document.querySelector('meta[name="description"]');
    if (description && doc.seoDescription) description.setAttribute('content', doc.seoDescription);
  }, [doc, funnel.data?.name]);

  useEffect(() => {
    if (doc) void recordView(slug, Math.min(step, doc.steps.length - 1));
  }, [doc, slug, step]);

  if (funnel.isPending) return <main className="p-8" aria-busy="true" />;
  if (!doc)
    return (
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-bold">
          <Trans>Page not found</Trans>
        </h1>
        <p>
          <Trans>This page does not exist or is not published.</Trans>
        </p>
      </main>
    );
  const current = doc.steps[Math.min(step, doc.steps.length - 1)];
  return (
    <main>
      <RenderBlocks
        content={current?.page.content ?? []}
        ctx={{
          slug,
          step: Math.min(step, doc.steps.length - 1),
          events: funnel.data?.events ?? [],
          onNext: () => {
            setStep((s) => Math.min(s + 1, doc.steps.length - 1));
            window.scrollTo(0, 0);
          },
        }}
      />
    </main>
  );
}
