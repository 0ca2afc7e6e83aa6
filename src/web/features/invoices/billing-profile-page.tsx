import { Trans } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { Card, CardContent } from '../../components/ui/card';
import { BillingProfileForm } from './billing-profile-form';

/** The organizer's invoice settings: the billing profile their invoices are issued from. */
export function BillingProfilePage() {
  return (
    <PageBody narrow>
      <PageHeader
        title={<Trans>Invoices</Trans>}
        description={
          <Trans>
            Your buyers get invoices in their language with a gapless number. Refunds issue credit
            notes; an invoice is never edited.
          </Trans>
        }
      />
      <Card>
        <CardContent className="pt-6">
          <BillingProfileForm scope="organizer" />
        </CardContent>
      </Card>
    </PageBody>
  );
}
