import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: msg`Discover`,
    text: msg`Search by name, place or category, or browse what is on this week.`,
  },
  { title: msg`Follow`, text: msg`Follow organizers and venues to see their next events first.` },
  { title: msg`Attend`, text: msg`Add events to your calendar and share them with friends.` },
];

export function AttendeeGuideSection() {
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="home-attendee-guide" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-attendee-guide" title={t`Attendee guide`}>
        <Trans>New here? Three steps to your next night out.</Trans>
      </SectionHeading>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title.id} className="flex gap-4 rounded-lg border border-border p-5">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold">{i18n._(step.title)}</h3>
              <p className="text-sm text-muted-foreground">{i18n._(step.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
