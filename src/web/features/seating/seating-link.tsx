import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Armchair } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { eventSeatingQuery } from './api';
import { chooseSeatsPath } from './paths';

/** On the event page's tickets: "Choose your seats" when the event is sold by seat. */
export function ChooseSeatsLink({ eventId }: { eventId: string }) {
  const seating = useQuery(eventSeatingQuery(eventId));
  if (!seating.data) return null;
  return (
    <Link to={chooseSeatsPath(eventId)} className={buttonClasses({ variant: 'secondary' })}>
      <Armchair aria-hidden="true" className="size-4" />
      <Trans>Choose your seats</Trans>
    </Link>
  );
}
