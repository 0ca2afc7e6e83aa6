import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { Card, CardContent } from '../../components/ui/card';
import { ResetPasswordForm } from './reset-password-form';

/** The password-reset landing (spec §2): the mailed link carries `?token=`. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <section
      aria-labelledby="reset-title"
      className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10"
    >
      <div className="flex flex-col gap-1 text-center">
        <h1 id="reset-title" className="text-3xl font-bold tracking-tight">
          <Trans>Choose a New Password</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Your new password replaces the old one and signs you out everywhere.</Trans>
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <ResetPasswordForm token={params.get('token')} />
        </CardContent>
      </Card>
    </section>
  );
}
