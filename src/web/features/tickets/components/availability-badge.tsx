import type { TicketAvailability } from '../../../../contracts/tickets';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const LABELS: Record<TicketAvailability, { label: string; variant: BadgeVariant }> = {
  on_sale: { label: 'On sale', variant: 'success' },
  not_started: { label: 'Not started', variant: 'warning' },
  ended: { label: 'Sales ended', variant: 'outline' },
  sold_out: { label: 'Sold out', variant: 'danger' },
};

export function AvailabilityBadge({ availability }: { availability: TicketAvailability }) {
  const { label, variant } = LABELS[availability];
  return <Badge variant={variant}>{label}</Badge>;
}
