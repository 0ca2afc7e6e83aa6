import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { SessionUser } from '../../../contracts/auth';
import { buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { paths } from '../../lib/paths';

const TYPE_NAMES: Record<SessionUser['userType'], MessageDescriptor> = {
  attendee: msg`Attendee`,
  organizer: msg`Organizer`,
  vendor: msg`Vendor`,
  venue: msg`Venue`,
};

function Greeting({ hour, firstName }: { hour: number; firstName: string }) {
  if (hour < 12) return <Trans>Good morning, {firstName}</Trans>;
  if (hour < 18) return <Trans>Good afternoon, {firstName}</Trans>;
  return <Trans>Good evening, {firstName}</Trans>;
}

/** The dashboard's heading: a greeting and who is signed in, with the avatar. */
export function AccountSummary({ user, title }: { user: SessionUser; title: string }) {
  const firstName = user.fullName.trim().split(/\s+/)[0] ?? user.fullName;
  const profilePath = user.userType === 'vendor' ? paths.vendorProfile() : paths.profile();
  const { i18n } = useLingui();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center">
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
          >
            {firstName.charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm text-muted-foreground">{title}</p>
          <h1 className="text-2xl font-bold tracking-tight">
            <Greeting hour={new Date().getHours()} firstName={firstName} />
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="truncate">{user.email}</span>
            <Badge variant="outline">{i18n._(TYPE_NAMES[user.userType])}</Badge>
            {user.roles.map((role) => (
              <Badge key={role}>{role}</Badge>
            ))}
          </p>
        </div>
        <Link to={profilePath} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Trans>Edit profile</Trans>
        </Link>
      </CardContent>
    </Card>
  );
}
