import type { OrderStatus } from '../../../../contracts/tickets';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const LABELS: Record<OrderStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Awaiting payment', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  expired: { label: 'Expired', variant: 'outline' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  refunded: { label: 'Refunded', variant: 'danger' },
  partially_refunded: { label: 'Partially refunded', variant: 'warning' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, variant } = LABELS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
