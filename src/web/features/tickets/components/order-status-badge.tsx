import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '../../../../contracts/tickets';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const LABELS: Record<OrderStatus, { label: MessageDescriptor; variant: BadgeVariant }> = {
  pending: { label: msg`Awaiting payment`, variant: 'warning' },
  paid: { label: msg`Paid`, variant: 'success' },
  expired: { label: msg`Expired`, variant: 'outline' },
  cancelled: { label: msg`Cancelled`, variant: 'outline' },
  refunded: { label: msg`Refunded`, variant: 'danger' },
  partially_refunded: { label: msg`Partially refunded`, variant: 'warning' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  const { label, variant } = LABELS[status];
  return <Badge variant={variant}>{i18n._(label)}</Badge>;
}
