import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { ChangePasswordForm } from '../auth';
import { PasskeysSection } from '../passkeys';
import { useProfile } from './api';
import { AvatarUpload } from './avatar-upload';
import { ProfileDetailsForm } from './profile-details-form';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** /profile (signed in): photo, details, password and passkeys. */
export function ProfilePage() {
  const profile = useProfile();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">My Profile</h1>
        <p className="text-muted-foreground">
          {profile.data
            ? `${profile.data.email} · ${profile.data.userType} account`
            : 'Your account details.'}
        </p>
      </div>

      {profile.isPending ? <PageSpinner /> : null}
      {profile.isError ? (
        <Alert variant="destructive" title="Your profile could not be loaded">
          {errorMessage(profile.error, 'Please try again in a moment.')}
        </Alert>
      ) : null}

      {profile.data ? (
        <>
          {profile.data.userType === 'vendor' ? (
            <Alert variant="info">
              Services, photos and links that customers see are on your{' '}
              <Link to={paths.vendorProfile()} className="font-semibold underline">
                Vendor Profile
              </Link>
              .
            </Alert>
          ) : null}
          <Section id="profile-photo" title="Profile photo" description="Shown beside your name.">
            <AvatarUpload profile={profile.data} />
          </Section>
          <Section
            id="profile-details"
            title="Details"
            description="Your name, phone and business details."
          >
            <ProfileDetailsForm profile={profile.data} />
          </Section>
          <Section
            id="profile-password"
            title="Password"
            description="Changing it signs you out on your other devices."
          >
            <ChangePasswordForm />
          </Section>
          <Section
            id="profile-passkeys"
            title="Passkeys"
            description="Sign in with face recognition, a fingerprint or your device PIN."
          >
            <PasskeysSection />
          </Section>
        </>
      ) : null}
    </div>
  );
}
