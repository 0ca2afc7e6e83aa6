import { Puck, type Config, type Data } from '@puckeditor/core';
// The no-external stylesheet: the default one @imports a web font from rsms.me, which the CSP
// (style-src 'self') refuses, and the refused import fails the chunk's CSS preload.
import '@puckeditor/core/no-external.css';
import './funnel-builder.css';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
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

/**
 * The blocks an organizer can place, their field labels and starting texts in the page's
 * language (a block's starting text becomes the organizer's own content once placed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Puck's per-block prop types are loose here on purpose
function buildConfig(i18n: I18n): Config<any> {
  const _ = (descriptor: MessageDescriptor) => i18n._(descriptor);
  return {
    components: {
      Hero: {
        label: _(msg`Hero`),
        fields: { title: text(_(msg`Title`)), subtitle: area(_(msg`Subtitle`)) },
        defaultProps: { title: _(msg`Headline`), subtitle: '' },
        render: view('Hero'),
      },
      RichText: {
        label: _(msg`Rich text`),
        fields: { html: area(_(msg`Text (HTML: p, strong, em, a, lists)`)) },
        defaultProps: { html: `<p>${_(msg`Your text`)}</p>` },
        render: view('RichText'),
      },
      Image: {
        label: _(msg`Image`),
        fields: {
          src: text(_(msg`Image address (https://…)`)),
          alt: text(_(msg`Description`)),
        },
        defaultProps: { src: '', alt: '' },
        render: view('Image'),
      },
      Video: {
        label: _(msg`Video`),
        fields: { url: text(_(msg`YouTube or Vimeo address`)), title: text(_(msg`Title`)) },
        defaultProps: { url: '', title: '' },
        render: view('Video'),
      },
      EventCard: {
        label: _(msg`Event card`),
        fields: { eventId: text(_(msg`Event id`)) },
        defaultProps: { eventId: '' },
        render: view('EventCard'),
      },
      Countdown: {
        label: _(msg`Countdown`),
        fields: { eventId: text(_(msg`Event id`)), label: text(_(msg`Label`)) },
        defaultProps: { eventId: '', label: _(msg`Starts in`) },
        render: view('Countdown'),
      },
      OptIn: {
        label: _(msg`Opt-in form`),
        fields: { title: text(_(msg`Title`)), buttonLabel: text(_(msg`Button`)) },
        defaultProps: { title: _(msg`Join the list`), buttonLabel: _(msg`Sign up`) },
        render: view('OptIn'),
      },
      Testimonials: {
        label: _(msg`Testimonials`),
        fields: {
          items: {
            type: 'array',
            label: _(msg`Testimonials`),
            arrayFields: { quote: area(_(msg`Quote`)), author: text(_(msg`Author`)) },
          },
        },
        defaultProps: { items: [] },
        render: view('Testimonials'),
      },
      Faq: {
        label: _(msg`FAQ`),
        fields: {
          items: {
            type: 'array',
            label: _(msg`Questions`),
            arrayFields: { question: text(_(msg`Question`)), answer: area(_(msg`Answer`)) },
          },
        },
        defaultProps: { items: [] },
        render: view('Faq'),
      },
      ProfileCard: {
        label: _(msg`Profile card`),
        fields: { name: text(_(msg`Name`)), bio: area(_(msg`About`)) },
        defaultProps: { name: '', bio: '' },
        render: view('ProfileCard'),
      },
      NextStep: {
        label: _(msg`Next step button`),
        fields: { label: text(_(msg`Label`)) },
        defaultProps: { label: _(msg`Continue`) },
        render: view('NextStep'),
      },
    },
  };
}

/** /funnel-builder/{id}: the drag-and-drop editor of a funnel's draft, step by step. */
export function FunnelBuilderPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const funnel = useQuery(funnelQuery(id));
  if (funnel.isPending) return <Spinner label={t`Loading the funnel`} />;
  if (!funnel.data)
    return <Alert variant="destructive">{errorMessage(funnel.error, t`Funnel not found`)}</Alert>;
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
  const { t, i18n } = useLingui();
  // Rebuilt when the language changes (the same i18n object takes the new messages).
  const config = useMemo(() => buildConfig(i18n), [i18n, i18n.locale]);
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
    setNotice(t`Draft saved. The live page changes when you publish.`);
  }
  async function publishNow() {
    await save.mutateAsync({ draft: doc });
    await publish.mutateAsync();
    const address = `/f/${slug}`;
    setNotice(t`Published at ${address}.`);
  }
  const error = save.error ?? publish.error;
  const stepTitle = (number: number) => t`Step ${number}`;

  return (
    <div className="mea-puck flex flex-col">
      {/* Phones: the way back and the actions on one row, the page controls on a second that
          scrolls sideways, instead of three wrapped rows above the editor. */}
      <div className="flex flex-wrap items-center gap-2 border-b border-border p-3">
        <Link
          to="/funnels"
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'order-1' })}
        >
          <Trans>All funnels</Trans>
        </Link>
        <div className="order-3 flex w-full items-center gap-2 overflow-x-auto md:order-2 md:w-auto md:overflow-visible">
          <label htmlFor={`${htmlId}-step`} className="shrink-0 text-sm font-medium">
            <Trans>Step</Trans>
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
                    title: stepTitle(d.steps.length + 1),
                    page: { root: { props: {} }, content: [] },
                  },
                ],
              }));
              setStep(doc.steps.length);
              setVersion((v) => v + 1);
            }}
          >
            <Trans>Add step</Trans>
          </Button>
          <label htmlFor={`${htmlId}-seo`} className="shrink-0 text-sm font-medium">
            <Trans>SEO title</Trans>
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
            <Trans>Save draft</Trans>
          </Button>
          <Button
            size="sm"
            onClick={() => void publishNow().catch(() => {})}
            disabled={publish.isPending}
          >
            <Trans>Publish</Trans>
          </Button>
          {publishedAt || publish.data ? (
            <a href={`/f/${slug}`} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              <Trans>View live page</Trans>
            </a>
          ) : null}
        </div>
      </div>
      {error ? <Alert variant="destructive">{errorMessage(error, t`Could not save`)}</Alert> : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <Puck
        key={version}
        config={config}
        data={current?.page as Data}
        onChange={updatePage}
        iframe={{ enabled: false }}
        // The step's own name instead of Puck's English "Page".
        headerTitle={current?.title}
        overrides={{ headerActions: () => <></> }}
      />
    </div>
  );
}
