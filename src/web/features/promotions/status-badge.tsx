import { useLingui } from '@lingui/react/macro';
import type { PromoStatus } from '../../../contracts/promotions';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { STATUS_LABELS } from './labels';

const VARIANTS: Record<PromoStatus, BadgeVariant> = {
  awaiting_payment: 'warning',
  in_review: 'outline',
  live: 'success',
  paused: 'outline',
  rejected: 'danger',
  ended: 'outline',
};

export function StatusBadge({ status }: { status: PromoStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={VARIANTS[status]}>{i18n._(STATUS_LABELS[status])}</Badge>;
}
