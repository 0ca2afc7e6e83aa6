import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, X } from 'lucide-react';
import type { Plan } from '../../../contracts/subscriptions';

/** The plan's own feature list, then its limits and gated features (spec §6), yes or no. */
export function PlanFeatures({ plan }: { plan: Plan }) {
  const { t } = useLingui();
  const maxAttendees = plan.maxAttendees;
  // The third value is an English word looked for in the plan's own list (written in English by
  // an admin), so it stays untranslated.
  const all: [string, boolean, string][] = [
    [
      maxAttendees === -1
        ? t`Unlimited attendees per event`
        : t`${plural(maxAttendees, {
            one: 'Up to # attendee per event',
            other: 'Up to # attendees per event',
          })}`,
      true,
      'attendee',
    ],
    [t`Organizer messaging`, plan.hasMessaging, 'messaging'],
    [t`Event group chat`, plan.hasChat, 'chat'],
    [t`Stream recording`, plan.hasRecording, 'recording'],
    [t`Sharing tools`, plan.hasSharing, 'sharing'],
  ];
  // What the plan's own list already says is not repeated; what it lacks is always shown.
  const said = plan.features.join(' ').toLowerCase();
  const limits = all.filter(([, included, word]) => !included || !said.includes(word));
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {plan.features.map((feature) => (
        <li key={`f-${feature}`} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {/* An admin writes the list in one language: it keeps its own direction. */}
          <span dir="auto">{feature}</span>
        </li>
      ))}
      {limits.map(([label, included]) => (
        <li
          key={`l-${label}`}
          className={`flex items-start gap-2 ${included ? '' : 'text-muted-foreground'}`}
        >
          {included ? (
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <X aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            {label}
            {included ? null : (
              <span className="sr-only">
                {' '}
                <Trans>(not included)</Trans>
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
