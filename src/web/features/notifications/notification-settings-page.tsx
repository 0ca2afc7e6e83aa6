import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { NotificationSettingsForm } from './notification-settings-form';
import { PushSettings } from './push-settings';
import { TestNotification } from './test-notification';
import { UnsubscribeNotice } from './unsubscribe-notice';
import { useSession } from '../session';

/**
 * spec §2 notification-settings (signed in; the router lets an e-mail's ?unsubscribe=<token>
 * link through signed out, and then only the result is shown).
 */
export function NotificationSettingsPage() {
  const [params] = useSearchParams();
  const token = params.get('unsubscribe');
  const { user, isLoading } = useSession();
  const { t } = useLingui();
  if (isLoading) return <PageSpinner />;
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Notification settings`}
        description={
          user ? t`Choose what reaches you in the app, by e-mail and by push.` : undefined
        }
      />
      <div className="flex flex-col gap-6">
        {token ? <UnsubscribeNotice token={token} isSignedIn={Boolean(user)} /> : null}
        {user ? (
          <>
            <NotificationSettingsForm />
            <PushSettings />
            <TestNotification />
          </>
        ) : null}
      </div>
    </PageBody>
  );
}
