import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { EventStatus } from '../../../../contracts/events';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const LOOK: Record<EventStatus, { label: MessageDescriptor; variant: BadgeVariant }> = {
  draft: { label: msg`Draft`, variant: 'warning' },
  published: { label: msg`Published`, variant: 'success' },
  cancelled: { label: msg`Cancelled`, variant: 'danger' },
  // A single event's state, worded apart from the "Past" heading over a list of events.
  expired: { label: msg({ message: 'Past', context: 'event status' }), variant: 'outline' },
};

export function StatusBadge({ status }: { status: EventStatus }) {
  const { i18n } = useLingui();
  const look = LOOK[status];
  return <Badge variant={look.variant}>{i18n._(look.label)}</Badge>;
}
