import { Trans } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import type { StreamStatus } from '../../../contracts/streaming';
import { Badge } from '../../components/ui/badge';

/** LIVE in red, scheduled and ended in quiet colours; the text says it (not colour alone). */
export function StatusBadge({ status }: { status: StreamStatus }) {
  if (status === 'live')
    return (
      <Badge variant="danger" className="gap-1">
        <Radio aria-hidden="true" className="size-3" /> <Trans>LIVE</Trans>
      </Badge>
    );
  if (status === 'ended')
    return (
      <Badge variant="outline">
        <Trans>Ended</Trans>
      </Badge>
    );
  return (
    <Badge variant="warning">
      <Trans>Scheduled</Trans>
    </Badge>
  );
}
