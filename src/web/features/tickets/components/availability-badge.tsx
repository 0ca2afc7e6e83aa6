import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TicketAvailability } from '../../../../contracts/tickets';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const LABELS: Record<TicketAvailability, { label: MessageDescriptor; variant: BadgeVariant }> = {
  on_sale: { label: msg`On sale`, variant: 'success' },
  not_started: { label: msg`Not started`, variant: 'warning' },
  ended: { label: msg`Sales ended`, variant: 'outline' },
  sold_out: { label: msg`Sold out`, variant: 'danger' },
};

export function AvailabilityBadge({ availability }: { availability: TicketAvailability }) {
  const { i18n } = useLingui();
  const { label, variant } = LABELS[availability];
  return <Badge variant={variant}>{i18n._(label)}</Badge>;
}
