import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { WalletKind } from '../../../contracts/wallet-passes';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { platformWalletQuery, useRemovePlatformWallet } from './api';
import { AppleCard, GoogleCard } from './wallet-account-cards';

/**
 * The console's page for the platform's own wallet accounts (decision 099): they sign the
 * passes of organizers who set up none of their own; an organizer's own account comes first.
 */
export function AdminWalletPage() {
  const { t } = useLingui();
  const config = useQuery(platformWalletQuery());
  const remove = useRemovePlatformWallet();
  const [removing, setRemoving] = useState<WalletKind | null>(null);
  const names: Record<WalletKind, string> = { apple: 'Apple Wallet', google: 'Google Wallet' };
  const removingName = removing ? names[removing] : '';
  return (
    <PageBody narrow>
      <PageHeader
        title={<Trans>Platform wallet passes</Trans>}
        description={
          <Trans>
            Organizers who have not set up their own Apple or Google Wallet account get their
            tickets' passes signed with these. An organizer's own account always comes first.
            Private keys are stored encrypted and never shown again.
          </Trans>
        }
      />
      {config.isPending ? (
        <Spinner />
      ) : config.isError ? (
        <LoadFailed
          title={t`The platform's wallet accounts could not be loaded`}
          error={config.error}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <AppleCard
            config={config.data}
            scope="platform"
            notSetUp={
              <Trans>
                Not set up: buyers of organizers without their own certificate are not offered Apple
                Wallet passes.{' '}
                <Plural
                  value={config.data.organizersWithOwn.apple}
                  one="# organizer has their own."
                  other="# organizers have their own."
                />
              </Trans>
            }
            remove={{ label: t`Remove`, onRemove: () => setRemoving('apple') }}
          />
          <GoogleCard
            config={config.data}
            scope="platform"
            notSetUp={
              <Trans>
                Not set up: buyers of organizers without their own service account are not offered
                Google Wallet passes.{' '}
                <Plural
                  value={config.data.organizersWithOwn.google}
                  one="# organizer has their own."
                  other="# organizers have their own."
                />
              </Trans>
            }
            remove={{ label: t`Remove`, onRemove: () => setRemoving('google') }}
          />
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next) setRemoving(null);
        }}
        title={removing ? t`Remove the platform's ${removingName} account?` : ''}
        description={t`Its key is deleted. Buyers of organizers without their own account are no longer offered these passes, and passes already added stop being updated.`}
        error={
          remove.isError ? errorMessage(remove.error, t`The account could not be removed.`) : null
        }
        cancelLabel={t`Keep it`}
        confirmLabel={t`Remove account`}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing, {
            onSuccess: () => {
              toast.success(t`The platform's ${removingName} account was removed`);
              setRemoving(null);
            },
          });
        }}
      />
    </PageBody>
  );
}
