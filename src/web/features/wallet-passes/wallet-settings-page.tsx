import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Spinner } from '../../components/ui/spinner';
import { walletConfigQuery } from './api';
import { AppleCard, GoogleCard } from './wallet-account-cards';

/**
 * The account's wallet passes (decision 075): Apple's pass certificate and Google's service
 * account. Buyers see "Add to Apple Wallet" / "Save to Google Wallet" on their tickets only once
 * one is set up; keys are written here and never shown again.
 */
export function WalletSettingsPage() {
  const { t } = useLingui();
  const config = useQuery(walletConfigQuery());
  return (
    <PageBody narrow>
      <PageHeader
        title={<Trans>Wallet passes</Trans>}
        description={
          <Trans>
            Your buyers can add their tickets to Apple Wallet or Google Wallet once you set up an
            account here. Private keys are stored encrypted and never shown again.
          </Trans>
        }
      />
      {config.isPending ? (
        <Spinner />
      ) : config.isError ? (
        <LoadFailed
          title={t`The wallet settings could not be loaded`}
          error={config.error}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <AppleCard
            config={config.data}
            scope="own"
            notSetUp={
              <Trans>
                Not set up: your buyers are not offered Apple Wallet passes. Add your Pass Type ID
                certificate from your Apple Developer account to offer them.
              </Trans>
            }
          />
          <GoogleCard
            config={config.data}
            scope="own"
            notSetUp={
              <Trans>
                Not set up: your buyers are not offered Google Wallet passes. Add a service account
                of your Google Wallet issuer to offer them.
              </Trans>
            }
          />
        </div>
      )}
    </PageBody>
  );
}
