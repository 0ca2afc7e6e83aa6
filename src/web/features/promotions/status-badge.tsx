import type { PromoStatus } from '../../../contracts/promotions';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

const LABELS: Record<PromoStatus, [string, BadgeVariant]> = {
  awaiting_payment: ['Awaiting payment', 'warning'],
  in_review: ['In review', 'outline'],
  live: ['Live', 'success'],
  paused: ['Paused', 'outline'],
  rejected: ['Rejected', 'danger'],
  ended: ['Ended', 'outline'],
};

export function StatusBadge({ status }: { status: PromoStatus }) {
  const [label, variant] = LABELS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
