import { msg, plural } from '@lingui/core/macro';
import { intlLocale, type Locale } from '../../../contracts/locales';
import type { PublicFunnel } from '../../../contracts/marketing';
import { translator } from '../../platform/i18n/translate';
import { escapeHtml } from '../../platform/mail/templates';
import { sanitizeCampaignHtml } from './campaign-mail';

/**
 * The server's HTML of a published funnel step (/f/{slug}, decision 024): the same
 * blocks and classes as `features/funnels/blocks.tsx`, as a string, so a visitor reads the page
 * at first paint and without JavaScript, and no editor or React code runs on the server. The app
 * replaces it with its interactive page once loaded (forms, countdown, next step in place).
 *
 * Everything from the document is escaped; rich text goes through the campaign allow-list again
 * (it was sanitized when the draft was saved; this keeps an older or hand-edited row safe too);
 * URLs are limited to https (and /media/ for images) and the video allow-list. The page's own
 * words (not the organizer's) are in the visitor's language.
 */

type Props = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const items = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const e = escapeHtml;

const section = (inner: string) =>
  `<section class="mx-auto w-full max-w-3xl px-4 py-8">${inner}</section>`;

/** Video providers we link to (no third-party frames on /f/ pages; the same list as the app's). */
const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'youtu.be', 'vimeo.com', 'player.vimeo.com'];

function safeUrl(value: string, test: (url: URL) => boolean): string | null {
  try {
    const url = new URL(value);
    return test(url) ? url.toString() : null;
  } catch {
    return null;
  }
}

const when = (iso: string, locale: Locale) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date).replace(/[\u202f\u00a0]/g, ' ')} UTC`;
};

export interface FunnelPageInput {
  funnel: PublicFunnel;
  step: number;
  now: Date;
  locale: Locale;
}

/** "Starts in: 3 days 4 h 5 min", the organizer's label first. */
function countdown(
  label: string,
  days: number,
  hours: number,
  minutes: number,
  _: ReturnType<typeof translator>,
): string {
  return _(
    msg`${label}: ${plural(days, { one: '# day', other: '# days' })} ${hours} h ${minutes} min`,
  );
}

function ticketsLeft(remaining: number, _: ReturnType<typeof translator>): string {
  return _(msg`${plural(remaining, { one: '# ticket left', other: '# tickets left' })}`);
}

function block(
  type: string,
  props: Props,
  input: FunnelPageInput,
  step: number,
  _: ReturnType<typeof translator>,
): string {
  const { funnel } = input;
  const eventOf = () => funnel.events.find((ev) => ev.id === str(props.eventId));
  switch (type) {
    case 'Hero':
      return `<div class="bg-primary/10">${section(
        `<h1 class="text-3xl font-extrabold tracking-tight md:text-5xl">${e(str(props.title))}</h1>${
          str(props.subtitle)
            ? `<p class="mt-3 text-lg text-muted-foreground">${e(str(props.subtitle))}</p>`
            : ''
        }`,
      )}</div>`;
    case 'RichText':
      return section(
        `<div class="prose max-w-none">${sanitizeCampaignHtml(str(props.html))}</div>`,
      );
    case 'Image': {
      const src = str(props.src);
      if (!/^(https:\/\/|\/media\/)/.test(src)) return '';
      return section(
        `<img src="${e(src)}" alt="${e(str(props.alt))}" class="w-full rounded-lg" loading="lazy">`,
      );
    }
    case 'Video': {
      const url = safeUrl(
        str(props.url),
        (u) => u.protocol === 'https:' && VIDEO_HOSTS.includes(u.hostname),
      );
      if (!url) return '';
      return section(
        `<a href="${e(url)}" target="_blank" rel="noopener noreferrer" class="flex items-center justify-center rounded-lg bg-foreground/90 p-10 text-background">▶ ${e(str(props.title) || _(msg`Watch the video`))}</a>`,
      );
    }
    case 'EventCard': {
      const event = eventOf();
      if (!event) return '';
      const soldOut = event.remaining !== null && event.remaining <= 0;
      const left =
        event.remaining === null
          ? _(msg`Free entry`)
          : soldOut
            ? _(msg`Sold out`)
            : ticketsLeft(event.remaining, _);
      // The funnel's redirect: it remembers the step, so the order counts on the report.
      const buy = soldOut
        ? ''
        : `<a href="/api/marketing/public/funnels/${encodeURIComponent(funnel.slug)}/go?step=${step}&amp;event=${encodeURIComponent(event.id)}" class="inline-flex h-12 w-fit items-center rounded-md bg-primary px-6 font-semibold text-primary-foreground">${e(_(msg`Buy tickets`))}</a>`;
      return section(
        `<div class="flex flex-col gap-2 rounded-lg border border-border p-6"><h2 class="text-2xl font-bold">${e(event.title)}</h2><p>${e(when(event.startsAt, input.locale))} · ${e(event.location)}</p><p class="text-sm text-muted-foreground">${left}</p>${buy}</div>`,
      );
    }
    case 'Countdown': {
      const event = eventOf();
      if (!event) return '';
      const ms = Math.max(0, new Date(event.startsAt).getTime() - input.now.getTime()) || 0;
      const d = Math.floor(ms / 86_400_000);
      const h = Math.floor((ms % 86_400_000) / 3_600_000);
      const m = Math.floor((ms % 3_600_000) / 60_000);
      return section(
        `<p class="text-center text-xl font-semibold">${e(countdown(str(props.label) || _(msg`Starts in`), d, h, m, _))}</p>`,
      );
    }
    case 'OptIn':
      // The sign-up itself needs the app (it posts JSON and shows the answer); until it has
      // loaded, the form says so instead of offering fields that would do nothing.
      return section(
        `<div class="flex flex-col gap-3 rounded-lg border border-border p-6"><h2 class="text-xl font-bold">${e(str(props.title) || _(msg`Join the list`))}</h2><p class="text-sm text-muted-foreground">${e(_(msg`The sign-up form needs JavaScript.`))}</p></div>`,
      );
    case 'Testimonials':
      return section(
        `<ul class="grid gap-4 md:grid-cols-2">${items<{ quote?: unknown; author?: unknown }>(
          props.items,
        )
          .map(
            (t) =>
              `<li><figure class="rounded-lg bg-muted p-4"><blockquote>“${e(str(t.quote))}”</blockquote><figcaption class="mt-2 text-sm text-muted-foreground">${e(str(t.author))}</figcaption></figure></li>`,
          )
          .join('')}</ul>`,
      );
    case 'Faq':
      return section(
        `<h2 class="mb-3 text-xl font-bold">Questions</h2>${items<{
          question?: unknown;
          answer?: unknown;
        }>(props.items)
          .map(
            (q) =>
              `<details class="border-b border-border py-2"><summary class="cursor-pointer font-medium">${e(str(q.question))}</summary><p class="mt-1 text-muted-foreground">${e(str(q.answer))}</p></details>`,
          )
          .join('')}`,
      );
    case 'ProfileCard':
      return section(
        `<div class="rounded-lg border border-border p-6"><h2 class="text-xl font-bold">${e(str(props.name))}</h2><p class="mt-2 text-muted-foreground">${e(str(props.bio))}</p></div>`,
      );
    case 'NextStep': {
      // Without JavaScript the next step is a page of its own (?step=N); the app moves in place.
      const next = Math.min(step + 1, funnel.document.steps.length - 1);
      return section(
        `<a href="/f/${encodeURIComponent(funnel.slug)}?step=${next}" class="inline-flex h-12 items-center rounded-md bg-primary px-6 font-semibold text-primary-foreground">${e(str(props.label) || _(msg`Continue`))}</a>`,
      );
    }
    default:
      return '';
  }
}

/** The step's blocks as HTML inside a `<main>`, plus the data the app starts from. */
export function renderFunnelPage(input: FunnelPageInput): string {
  const steps = input.funnel.document.steps;
  const step = Math.max(0, Math.min(input.step, steps.length - 1));
  const content = steps[step]?.page.content ?? [];
  const _ = translator(input.locale);
  const html = content
    .map((b) => block(str(b.type), (b.props ?? {}) as Props, input, step, _))
    .join('');
  // The app reads this instead of asking the API again; `<` escaped so no text closes the tag.
  const data = JSON.stringify({ ...input.funnel, step }).replace(/</g, '\\u003c');
  return `<main>${html}</main><script type="application/json" id="mea-ssr-data">${data}</script>`;
}
