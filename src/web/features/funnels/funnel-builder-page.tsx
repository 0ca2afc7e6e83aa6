import { Puck, type Config, type Data } from '@puckeditor/core';
// The no-external stylesheet: the default one @imports a web font from rsms.me, which the CSP
// (style-src 'self') refuses, and the refused import fails the chunk's CSS preload.
import '@puckeditor/core/no-external.css';
import './funnel-builder.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FunnelDocument } from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { funnelQuery, usePublishFunnel, useSaveFunnel } from './api';
import { BLOCKS, type BlockContext } from './blocks';

// The builder page is its own lazy chunk: Puck and its CSS never reach the public /f/ page.

const builderCtx: BlockContext = { slug: null, step: 0, events: [], onNext: () => {} };
type Props = Record<string, unknown>;
const view = (type: string) =>
  function Preview(props: Props) {
    const Block = BLOCKS[type];
    return Block ? <Block props={props} ctx={builderCtx} /> : <div />;
  };
const text = (label: string) => ({ type: 'text' as const, label });
const area = (label: string) => ({ type: 'textarea' as const, label });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Puck's per-block prop types are loose here on purpose
const config: Config<any> = {
  components: {
    Hero: {
      label: 'Hero',
      fields: { title: text('Title'), subtitle: area('Subtitle') },
      defaultProps: { title: 'Headline', subtitle: '' },
      render: view('Hero'),
    },
    RichText: {
      label: 'Rich text',
      fields: { html: area('Text (HTML: p, strong, em, a, lists)') },
      defaultProps: { html: '<p>Your text</p>' },
      render: view('RichText'),
    },
    Image: {
      label: 'Image',
      fields: { src: text('Image address (https://…)'), alt: text('Description') },
      defaultProps: { src: '', alt: '' },
      render: view('Image'),
    },
    Video: {
      label: 'Video',
      fields: { url: text('YouTube or Vimeo address'), title: text('Title') },
      defaultProps: { url: '', title: '' },
      render: view('Video'),
    },
    EventCard: {
      label: 'Event card',
      fields: { eventId: text('Event id') },
      defaultProps: { eventId: '' },
      render: view('EventCard'),
    },
    Countdown: {
      label: 'Countdown',
      fields: { eventId: text('Event id'), label: text('Label') },
      defaultProps: { eventId: '', label: 'Starts in' },
      render: view('Countdown'),
    },
    OptIn: {
      label: 'Opt-in form',
      fields: { title: text('Title'), buttonLabel: text('Button') },
      defaultProps: { title: 'Join the list', buttonLabel: 'Sign up' },
      render: view('OptIn'),
    },
    Testimonials: {
      label: 'Testimonials',
      fields: {
        items: {
          type: 'array',
          label: 'Testimonials',
          arrayFields: { quote: area('Quote'), author: text('Author') },
        },
      },
      defaultProps: { items: [] },
      render: view('Testimonials'),
    },
    Faq: {
      label: 'FAQ',
      fields: {
        items: {
          type: 'array',
          label: 'Questions',
          arrayFields: { question: text('Question'), answer: area('Answer') },
        },
      },
      defaultProps: { items: [] },
      render: view('Faq'),
    },
    ProfileCard: {
      label: 'Profile card',
      fields: { name: text('Name'), bio: area('About') },
      defaultProps: { name: '', bio: '' },
      render: view('ProfileCard'),
    },
    NextStep: {
      label: 'Next step button',
      fields: { label: text('Label') },
      defaultProps: { label: 'Continue' },
      render: view('NextStep'),
    },
  },
};

/** /funnel-builder/{id}: the drag-and-drop editor of a funnel's draft, step by step. */
export function FunnelBuilderPage() {
  const { id = '' } = useParams();
  const funnel = useQuery(funnelQuery(id));
  if (funnel.isPending) return <Spinner label="Loading the funnel" />;
  if (!funnel.data)
    return <Alert variant="destructive">{errorMessage(funnel.error, 'Funnel not found')}</Alert>;
  return (
    <Builder
      id={id}
      initial={funnel.data.draft}
      slug={funnel.data.slug}
      publishedAt={funnel.data.publishedAt}
    />
  );
}

function Builder({
  id,
  initial,
  slug,
  publishedAt,
}: {
  id: string;
  initial: FunnelDocument;
  slug: string;
  publishedAt: string | null;
}) {
  const htmlId = useId();
  const [doc, setDoc] = useState<FunnelDocument>(initial);
  const [step, setStep] = useState(0);
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveFunnel(id);
  const publish = usePublishFunnel(id);
  useEffect(() => setNotice(null), [doc]);

  const current = doc.steps[step] ?? doc.steps[0];
  const updatePage = (data: Data) =>
    setDoc((d) => ({
      ...d,
      steps: d.steps.map((s, i) =>
        i === step ? { ...s, page: data as FunnelDocument['steps'][number]['page'] } : s,
      ),
    }));

  async function saveDraft() {
    await save.mutateAsync({ draft: doc });
    setNotice('Draft saved. The live page changes when you publish.');
  }
  async function publishNow() {
    await save.mutateAsync({ draft: doc });
    await publish.mutateAsync();
    setNotice(`Published at /f/${slug}.`);
  }
  const error = save.error ?? publish.error;

  return (
    <div className="mea-puck flex flex-col">
      {/* Phones: the way back and the actions on one row, the page controls on a second that
          scrolls sideways, instead of three wrapped rows above the editor. */}
      <div className="flex flex-wrap items-center gap-2 border-b border-border p-3">
        <Link
          to="/funnels"
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'order-1' })}
        >
          All funnels
        </Link>
        <div className="order-3 flex w-full items-center gap-2 overflow-x-auto md:order-2 md:w-auto md:overflow-visible">
          <label htmlFor={`${htmlId}-step`} className="shrink-0 text-sm font-medium">
            Step
          </label>
          <select
            id={`${htmlId}-step`}
            className="h-8 max-w-40 shrink-0 rounded-md border border-border bg-background px-2 text-sm"
            value={step}
            onChange={(e) => {
              setStep(Number(e.target.value));
              setVersion((v) => v + 1);
            }}
          >
            {doc.steps.map((s, i) => (
              <option key={i} value={i}>
                {i + 1}. {s.title}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="outline"
            className="shrink-0"
            disabled={doc.steps.length >= 10}
            onClick={() => {
              setDoc((d) => ({
                ...d,
                steps: [
                  ...d.steps,
                  {
                    title: `Step ${d.steps.length + 1}`,
                    page: { root: { props: {} }, content: [] },
                  },
                ],
              }));
              setStep(doc.steps.length);
              setVersion((v) => v + 1);
            }}
          >
            Add step
          </Button>
          <label htmlFor={`${htmlId}-seo`} className="shrink-0 text-sm font-medium">
            SEO title
          </label>
          <Input
            id={`${htmlId}-seo`}
            className="h-8 w-48 shrink-0"
            value={doc.seoTitle}
            maxLength={120}
            onChange={(e) => setDoc({ ...doc, seoTitle: e.target.value })}
          />
        </div>
        <div className="order-2 ms-auto flex gap-2 md:order-3">
          <Button
            size="sm"
            variant="outline"
            onClick={() => void saveDraft().catch(() => {})}
            disabled={save.isPending}
          >
            Save draft
          </Button>
          <Button
            size="sm"
            onClick={() => void publishNow().catch(() => {})}
            disabled={publish.isPending}
          >
            Publish
          </Button>
          {publishedAt || publish.data ? (
            <a href={`/f/${slug}`} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              View live page
            </a>
          ) : null}
        </div>
      </div>
      {error ? <Alert variant="destructive">{errorMessage(error, 'Could not save')}</Alert> : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <Puck
        key={version}
        config={config}
        data={current?.page as Data}
        onChange={updatePage}
        iframe={{ enabled: false }}
        overrides={{ headerActions: () => <></> }}
      />
    </div>
  );
}
