import { SectionHeading } from './section-heading';

const STEPS = [
  ['Discover', 'Search by name, place or category, or browse what is on this week.'],
  ['Follow', 'Follow organizers and venues to see their next events first.'],
  ['Attend', 'Add events to your calendar and share them with friends.'],
];

export function AttendeeGuideSection() {
  return (
    <section aria-labelledby="home-attendee-guide" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-attendee-guide" title="Attendee guide">
        New here? Three steps to your next night out.
      </SectionHeading>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="flex gap-4 rounded-lg border border-border p-5">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
