import { Alert } from '../../../components/ui/alert';
import { ResendConfirmation } from './resend-confirmation';

/**
 * What the mailed confirmation link led to: `/auth?confirmed=1` or
 * `/auth?confirm_error=expired|used|invalid` (docs/decisions/004).
 */
export function ConfirmationNotice({ params }: { params: URLSearchParams }) {
  if (params.get('confirmed') === '1') {
    return (
      <Alert variant="success" title="Email confirmed">
        Your email address is confirmed. You can sign in now.
      </Alert>
    );
  }
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
