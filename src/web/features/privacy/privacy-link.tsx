import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from './paths';

/** The account settings' section that leads to "Your data" (its texts in this feature's catalog). */
export const PRIVACY_SECTION_TEXTS = {
  title: msg`Your data`,
  description: msg`Take a copy of your data, or delete your account.`,
};

export function PrivacyLink() {
  return (
    <Link to={paths.privacy()} className={buttonClasses({ variant: 'outline' })}>
      <Trans>Download my data or delete my account</Trans>
    </Link>
  );
}
