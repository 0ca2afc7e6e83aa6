import { Trans, useLingui } from '@lingui/react/macro';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';

/** /account/privacy (signed in): a copy of one's data, or the account deleted. */
export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Your data</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Take a copy of your data, or delete your account.</Trans>
        </p>
      </div>
      <Card role="region" aria-labelledby="privacy-download">
        <CardHeader>
          <CardTitle id="privacy-download">{t`Download my data`}</CardTitle>
          <CardDescription>{t`Everything we keep about you, in one file.`}</CardDescription>
        </CardHeader>
        <CardContent>
          <DataExportSection />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby="privacy-delete">
        <CardHeader>
          <CardTitle id="privacy-delete">{t`Delete my account`}</CardTitle>
          <CardDescription>{t`Erase your account and your personal data.`}</CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAccountSection />
        </CardContent>
      </Card>
    </div>
  );
}
