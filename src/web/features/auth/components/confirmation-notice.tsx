import { Alert } from '../../../components/ui/alert';
import { ResendConfirmation } from './resend-confirmation';

/**
 * What a mailed confirmation link that did not work led to:
 * `/auth?confirm_error=expired|used|invalid` (docs/decisions/004). One that worked goes to `/`
 * (AccountConfirmedNotice).
 */
export function ConfirmationNotice({ params }: { params: URLSearchParams }) {
  switch (params.get('confirm_error')) {
    case 'expired':
      return (
        <Alert variant="destructive" title="This confirmation link has expired">
          <p>Confirmation links work for 24 hours. Ask for a new one below.</p>
          <ResendConfirmation />
        </Alert>
      );
    case 'used':
      return (
        <Alert variant="info" title="This confirmation link has already been used">
          Your email address is probably confirmed already: try signing in.
        </Alert>
      );
    case null:
      return null;
    default:
      return (
        <Alert variant="destructive" title="This confirmation link is not valid">
          <p>Open the link from your most recent email, or ask for a new one below.</p>
          <ResendConfirmation />
        </Alert>
      );
  }
}
