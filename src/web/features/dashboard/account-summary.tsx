import { Link } from 'react-router';
import type { SessionUser } from '../../../contracts/auth';
import { buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { paths } from '../../lib/paths';

const TYPE_NAMES = {
  attendee: 'Attendee',
  organizer: 'Organizer',
  vendor: 'Vendor',
  venue: 'Venue',
};

function greeting(hour: number) {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The dashboard's heading: a greeting and who is signed in, with the avatar. */
export function AccountSummary({ user, title }: { user: SessionUser; title: string }) {
  const firstName = user.fullName.trim().split(/\s+/)[0] ?? user.fullName;
  const profilePath = user.userType === 'vendor' ? paths.vendorProfile() : paths.profile();
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
            {greeting(new Date().getHours())}, {firstName}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="truncate">{user.email}</span>
            <Badge variant="outline">{TYPE_NAMES[user.userType]}</Badge>
            {user.roles.map((role) => (
              <Badge key={role}>{role}</Badge>
            ))}
          </p>
        </div>
        <Link to={profilePath} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Edit profile
        </Link>
      </CardContent>
    </Card>
  );
}
