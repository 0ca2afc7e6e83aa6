import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WaitlistStatus } from '../../../contracts/waitlist';
import type { BadgeVariant } from '../../components/ui/badge';

/** A place's status as a person reads it (the organizer's list and the holder's page). */
export const STATUS_LABELS: Record<
  WaitlistStatus,
  { label: MessageDescriptor; variant: BadgeVariant }
> = {
  unconfirmed: { label: msg`Not confirmed`, variant: 'outline' },
  waiting: { label: msg`Waiting`, variant: 'default' },
  offered: { label: msg`Offered`, variant: 'warning' },
  claimed: { label: msg`Claimed`, variant: 'success' },
  expired: { label: msg`Expired`, variant: 'outline' },
  declined: { label: msg`Declined`, variant: 'outline' },
  left: { label: msg`Left`, variant: 'outline' },
  removed: { label: msg`Removed`, variant: 'danger' },
};
