import type { EventStatus } from '../../../../contracts/events';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const LOOK: Record<EventStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'warning' },
  published: { label: 'Published', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'danger' },
  expired: { label: 'Past', variant: 'outline' },
};

export function StatusBadge({ status }: { status: EventStatus }) {
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
