import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { ResendConfirmation } from './resend-confirmation';

/**
 * What a mailed confirmation link that did not work led to:
 * `/auth?confirm_error=expired|used|invalid` (docs/decisions/004). One that worked goes to `/`
 * (AccountConfirmedNotice).
 */
export function ConfirmationNotice({ params }: { params: URLSearchParams }) {
  const { t } = useLingui();
  switch (params.get('confirm_error')) {
    case 'expired':
      return (
        <Alert variant="destructive" title={t`This confirmation link has expired`}>
          <p>
            <Trans>Confirmation links work for 24 hours. Ask for a new one below.</Trans>
          </p>
          <ResendConfirmation />
        </Alert>
      );
    case 'used':
      return (
        <Alert variant="info" title={t`This confirmation link has already been used`}>
          <Trans>Your email address is probably confirmed already: try signing in.</Trans>
        </Alert>
      );
    case null:
      return null;
    default:
      return (
        <Alert variant="destructive" title={t`This confirmation link is not valid`}>
          <p>
            <Trans>Open the link from your most recent email, or ask for a new one below.</Trans>
          </p>
          <ResendConfirmation />
        </Alert>
      );
  }
}
