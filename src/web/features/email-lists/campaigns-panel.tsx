import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Campaign, EmailList } from '../../../contracts/marketing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { campaignsQuery } from './api';
import { CampaignEditor } from './campaign-editor';
import { CampaignReport } from './campaign-report';

const STATUS_VARIANT = {
  draft: 'outline',
  scheduled: 'warning',
  sending: 'warning',
  paused: 'warning',
  cancelled: 'danger',
  sent: 'success',
} as const;

const STATUS_LABELS: Record<Campaign['status'], MessageDescriptor> = {
  draft: msg`draft`,
  scheduled: msg`scheduled`,
  sending: msg`sending`,
  paused: msg`paused`,
  cancelled: msg`cancelled`,
  sent: msg`sent`,
};

export function CampaignsPanel({ lists }: { lists: EmailList[] }) {
  const { t, i18n } = useLingui();
  const campaigns = useQuery(campaignsQuery());
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  if (editing)
    return (
      <CampaignEditor
        campaign={editing === 'new' ? null : editing}
        lists={lists}
        onClose={() => setEditing(null)}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing('new')}>
          <Trans>New campaign</Trans>
        </Button>
      </div>
      {campaigns.isPending ? <Spinner label={t`Loading campaigns`} /> : null}
      {campaigns.data?.length === 0 ? (
        <p>
          <Trans>No campaigns yet.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {campaigns.data?.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{c.subject}</h3>
              <Badge variant={STATUS_VARIANT[c.status]}>{i18n._(STATUS_LABELS[c.status])}</Badge>
            </div>
            <CampaignReport campaign={c} />
            <div>
              <Button variant="outline" size="sm" onClick={() => setEditing(c)}>
                {c.status === 'draft' ? <Trans>Edit</Trans> : <Trans>Open</Trans>}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
