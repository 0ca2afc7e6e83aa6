import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FunnelOptInInputSchema, type PublicFunnel } from '../../../contracts/marketing';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { optIn } from './api';
import { formatDateTime } from '../../lib/dates';

/**
 * The funnel blocks as plain React: the builder (inside Puck) and the public /f/ page render
 * the same components, and the public page never loads the editor.
 */
export interface BlockContext {
  slug: string | null;
  step: number;
  events: PublicFunnel['events'];
  onNext: () => void;
}

type P = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const items = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

// The organizer's texts (headlines, paragraphs, quotes, button labels) carry dir="auto": each
// takes its direction from its own first letters, so an English headline on an Arabic visitor's
// page reads left to right, and an Arabic one on an English page right to left.
function Section({ children }: { children: ReactNode }) {
  return <section className="mx-auto w-full max-w-3xl px-4 py-8">{children}</section>;
}

export function Hero({ props }: { props: P }) {
  return (
    <div className="bg-primary/10">
      <Section>
        <h1 dir="auto" className="text-3xl font-extrabold tracking-tight md:text-5xl">
          {str(props.title)}
        </h1>
        {str(props.subtitle) ? (
          <p dir="auto" className="mt-3 text-lg text-muted-foreground">
            {str(props.subtitle)}
          </p>
        ) : null}
      </Section>
    </div>
  );
}

/** HTML sanitized by the server when the draft was saved. */
export function RichText({ props }: { props: P }) {
  return (
    <Section>
      <div
        dir="auto"
        className="prose max-w-none"
        dangerouslySetInnerHTML={{ __html: str(props.html) }}
      />
    </Section>
  );
}

export function ImageBlock({ props }: { props: P }) {
  const src = str(props.src);
  if (!/^(https:\/\/|\/media\/)/.test(src)) return null;
  return (
    <Section>
      <img src={src} alt={str(props.alt)} className="w-full rounded-lg" loading="lazy" />
    </Section>
  );
}

/** Video providers we link to (docs/decisions/024: no third-party frames on /f/ pages). */
const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'youtu.be', 'vimeo.com', 'player.vimeo.com'];
export function Video({ props }: { props: P }) {
  const { t } = useLingui();
  let url: URL | null = null;
  try {
    url = new URL(str(props.url));
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:' || !VIDEO_HOSTS.includes(url.hostname)) return null;
  return (
    <Section>
      <a
        href={url.toString()}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center justify-center rounded-lg bg-foreground/90 p-10 text-background"
      >
        ▶ {str(props.title) || t`Watch the video`}
      </a>
    </Section>
  );
}

function useNow(ms: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function EventCard({ props, ctx }: { props: P; ctx: BlockContext }) {
  const { t } = useLingui();
  const event = ctx.events.find((e) => e.id === str(props.eventId));
  if (!event)
    return (
      <Section>
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          {ctx.slug ? (
            <Trans>Event card</Trans>
          ) : (
            <Trans>Event card: shows the chosen event with live ticket availability</Trans>
          )}
        </p>
      </Section>
    );
  const soldOut = event.remaining !== null && event.remaining <= 0;
  const remaining = event.remaining ?? 0;
  return (
    <Section>
      <div className="flex flex-col gap-2 rounded-lg border border-border p-6">
        <h2 dir="auto" className="text-2xl font-bold">
          {event.title}
        </h2>
        <p>
          {formatDateTime(event.startsAt)} · {event.location}
        </p>
        <p className="text-sm text-muted-foreground">
          {event.remaining === null
            ? t`Free entry`
            : soldOut
              ? t`Sold out`
              : t`${plural(remaining, { one: '# ticket left', other: '# tickets left' })}`}
        </p>
        {!soldOut ? (
          <a
            // On the live page the click goes through the funnel's redirect, which remembers
            // the step so the checkout's order counts on the funnel's report.
            href={
              ctx.slug
                ? `/api/marketing/public/funnels/${encodeURIComponent(ctx.slug)}/go?step=${ctx.step}&event=${encodeURIComponent(event.id)}`
                : `/event/${event.id}`
            }
            className="inline-flex h-12 w-fit items-center rounded-md bg-primary px-6 font-semibold text-primary-foreground"
          >
            <Trans>Buy tickets</Trans>
          </a>
        ) : null}
      </div>
    </Section>
  );
}

export function Countdown({ props, ctx }: { props: P; ctx: BlockContext }) {
  const { t } = useLingui();
  const now = useNow(1000);
  const event = ctx.events.find((e) => e.id === str(props.eventId));
  if (!event) return null;
  const left = Math.max(0, new Date(event.startsAt).getTime() - now);
  const days = Math.floor(left / 86_400_000);
  const hours = Math.floor((left % 86_400_000) / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  const label = str(props.label) || t`Starts in`;
  return (
    <Section>
      <p className="text-center text-xl font-semibold">
        {t`${label}: ${plural(days, { one: '# day', other: '# days' })} ${hours} h ${minutes} min`}
      </p>
    </Section>
  );
}

interface OptInValues {
  email: string;
  name: string;
}
const OPT_IN_FIELDS = ['email', 'name'] as const;

// Busy is the form's own submit (not a query mutation): the block also renders in the builder
// and in tests without a query client.
export function OptIn({ props, ctx }: { props: P; ctx: BlockContext }) {
  const { t } = useLingui();
  const say = useContractText();
  // The body as before: the address and name as typed (the server trims), and the funnel's step.
  const toInput = (values: OptInValues) => ({ ...values, step: ctx.step });
  const form = useForm<OptInValues>({
    defaultValues: { email: '', name: '' },
    resolver: contractResolver<OptInValues>(FunnelOptInInputSchema, toInput, OPT_IN_FIELDS),
  });
  const [state, setState] = useState<'subscribed' | 'confirm' | null>(null);
  const failure = form.formState.errors.root?.message;
  async function submit(values: OptInValues) {
    // In the builder the block only shows itself: nothing to sign up to.
    if (!ctx.slug) return;
    try {
      setState((await optIn(ctx.slug, toInput(values))).result);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), OPT_IN_FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not sign you up`) });
    }
  }
  return (
    <Section>
      <Form
        form={form}
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-lg border border-border p-6"
      >
        <h2 dir="auto" className="text-xl font-bold">
          {str(props.title) || t`Join the list`}
        </h2>
        {state ? (
          <p role="status">
            {state === 'confirm' ? (
              <Trans>Check your inbox to confirm.</Trans>
            ) : (
              <Trans>You are on the list. Thank you!</Trans>
            )}
          </p>
        ) : (
          <>
            <FormField<OptInValues> name="name" label={t`Name`} formatError={say}>
              {(control) => (
                <input
                  {...control}
                  autoComplete="name"
                  className="h-10 rounded-md border border-input px-3"
                />
              )}
            </FormField>
            <FormField<OptInValues> name="email" label={t`Email`} formatError={say}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="email"
                  className="h-10 rounded-md border border-input px-3"
                />
              )}
            </FormField>
            {failure ? (
              <p role="alert" className="text-sm text-destructive">
                {failure}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={form.formState.isSubmitting}
              className="h-10 rounded-md bg-primary px-4 font-semibold text-primary-foreground"
            >
              {str(props.buttonLabel) || t`Sign up`}
            </button>
          </>
        )}
      </Form>
    </Section>
  );
}

export function Testimonials({ props }: { props: P }) {
  return (
    <Section>
      <ul className="grid gap-4 md:grid-cols-2">
        {items<{ quote?: string; author?: string }>(props.items).map((t, i) => (
          <li key={i}>
            <figure className="rounded-lg bg-muted p-4">
              <blockquote dir="auto">“{t.quote}”</blockquote>
              <figcaption dir="auto" className="mt-2 text-sm text-muted-foreground">
                {t.author}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Faq({ props }: { props: P }) {
  return (
    <Section>
      <h2 className="mb-3 text-xl font-bold">
        <Trans>Questions</Trans>
      </h2>
      {items<{ question?: string; answer?: string }>(props.items).map((q, i) => (
        <details key={i} className="border-b border-border py-2">
          <summary dir="auto" className="cursor-pointer font-medium">
            {q.question}
          </summary>
          <p dir="auto" className="mt-1 text-muted-foreground">
            {q.answer}
          </p>
        </details>
      ))}
    </Section>
  );
}

export function ProfileCard({ props }: { props: P }) {
  return (
    <Section>
      <div className="rounded-lg border border-border p-6">
        <h2 dir="auto" className="text-xl font-bold">
          {str(props.name)}
        </h2>
        <p dir="auto" className="mt-2 text-muted-foreground">
          {str(props.bio)}
        </p>
      </div>
    </Section>
  );
}

export function NextStep({ props, ctx }: { props: P; ctx: BlockContext }) {
  const { t } = useLingui();
  return (
    <Section>
      <button
        type="button"
        onClick={ctx.onNext}
        className="h-12 rounded-md bg-primary px-6 font-semibold text-primary-foreground"
      >
        {str(props.label) || t`Continue`}
      </button>
    </Section>
  );
}

export const BLOCKS: Record<string, (p: { props: P; ctx: BlockContext }) => ReactNode> = {
  Hero,
  RichText,
  Image: ImageBlock,
  Video,
  EventCard,
  Countdown,
  OptIn,
  Testimonials,
  Faq,
  ProfileCard,
  NextStep,
};

export function RenderBlocks({
  content,
  ctx,
}: {
  content: { type: string; props: P }[];
  ctx: BlockContext;
}) {
  return (
    <>
      {content.map((block, i) => {
        const Block = BLOCKS[block.type];
        return Block ? (
          <Block key={str(block.props.id) || i} props={block.props} ctx={ctx} />
        ) : null;
      })}
    </>
  );
}
