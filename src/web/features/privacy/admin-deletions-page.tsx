import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import type { PendingDeletionList } from '../../../contracts/privacy';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { apiGet } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { privacyKeys } from './api';

// Accounts whose owners asked to be deleted and may still change their mind (decision 063): an
// admin answering a support mail sees when the account goes; signing in cancels it.

const pendingDeletionsQuery = queryOptions({
  queryKey: privacyKeys.pendingDeletions,
  queryFn: ({ signal }) => apiGet<PendingDeletionList>('/api/privacy/admin/deletions', { signal }),
});

/** /admin/deletions: pending account deletions, soonest erasure first. */
export function AdminDeletionsPage() {
  const { t } = useLingui();
  const list = useQuery(pendingDeletionsQuery);
  const deletions = list.data?.deletions;
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Pending deletions`}
        description={t`People who asked for their account to be deleted. Their data is erased on the date shown unless they sign in or keep their account before then.`}
      />
      {list.isError && !deletions ? (
        <LoadFailed
          title={t`Pending deletions could not be loaded`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : !deletions ? (
        <Spinner />
      ) : deletions.length === 0 ? (
        <EmptyState icon={UserX} title={t`No pending deletions`}>
          <p className="text-sm text-muted-foreground">
            <Trans>Accounts whose owners ask to be deleted are listed here for 14 days.</Trans>
          </p>
        </EmptyState>
      ) : (
        <Card>
          <CardContent className="overflow-x-auto p-4">
            <table className="w-full text-sm">
              <caption className="sr-only">{t`Pending deletions`}</caption>
              <thead>
                <tr className="text-start">
                  <th scope="col" className="pe-2 text-start">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col" className="px-2 text-start">
                    <Trans>Requested</Trans>
                  </th>
                  <th scope="col" className="ps-2 text-start">
                    <Trans>Erased on</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deletions.map((deletion) => (
                  <tr key={deletion.userId} className="border-t border-border">
                    <td className="py-2 pe-2 break-all">{deletion.email}</td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      {formatDate(deletion.requestedAt)}
                    </td>
                    <td className="py-2 ps-2 whitespace-nowrap">
                      {formatDate(deletion.eraseAfter)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </PageBody>
  );
}
