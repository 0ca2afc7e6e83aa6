import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { publicFunnelQuery, recordView } from './api';
import { RenderBlocks } from './blocks';

/**
 * /f/{slug}: a published funnel for any visitor, outside the main layout. It renders the
 * published snapshot with the shared blocks (no editor code) and counts a view per step.
 */
export function PublicFunnelPage() {
  const { slug = '' } = useParams();
  const funnel = useQuery(publicFunnelQuery(slug));
  const [step, setStep] = useState(0);
  const doc = funnel.data?.document;

  useEffect(() => {
    if (!doc) return;
    document.title = doc.seoTitle || funnel.data?.name || document.title;
    const description = document.querySelector('meta[name="description"]');
    if (description && doc.seoDescription) description.setAttribute('content', doc.seoDescription);
  }, [doc, funnel.data?.name]);

  useEffect(() => {
    if (doc) void recordView(slug, step);
  }, [doc, slug, step]);

  if (funnel.isPending) return <main className="p-8" aria-busy="true" />;
  if (!doc)
    return (
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p>This page does not exist or is not published.</p>
      </main>
    );
  const current = doc.steps[Math.min(step, doc.steps.length - 1)];
  return (
    <main>
      <RenderBlocks
        content={current?.page.content ?? []}
        ctx={{
          slug,
          step,
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
