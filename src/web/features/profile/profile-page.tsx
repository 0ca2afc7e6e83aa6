import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { UserType } from '../../../contracts/enums';
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
import { TWO_FACTOR_SECTION_TEXTS, TwoFactorSection } from '../two-factor';
import { DEVICES_SECTION_TEXTS, DevicesSection } from '../devices';
import { PRIVACY_SECTION_TEXTS, PrivacyLink } from '../privacy';
import { useProfile } from './api';
import { AvatarUpload } from './avatar-upload';
import { ProfileDetailsForm } from './profile-details-form';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';

const ACCOUNT_LINES: Record<UserType, MessageDescriptor> = {
  attendee: msg`Attendee account`,
  organizer: msg`Organizer account`,
  vendor: msg`Vendor account`,
  venue: msg`Venue account`,
};

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
  const { i18n, t } = useLingui();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>My Profile</Trans>
        </h1>
        <p className="text-muted-foreground">
          {profile.data
            ? `${profile.data.email} · ${i18n._(ACCOUNT_LINES[profile.data.userType])}`
            : t`Your account details.`}
        </p>
      </div>

      {profile.isPending ? <PageSpinner /> : null}
      {profile.isError ? (
        <Alert variant="destructive" title={t`Your profile could not be loaded`}>
          {errorMessage(profile.error, t`Please try again in a moment.`)}
        </Alert>
      ) : null}

      {profile.data ? (
        <>
          {profile.data.userType === 'vendor' ? (
            <Alert variant="info">
              <Trans>
                Services, photos and links that customers see are on your{' '}
                <Link to={paths.vendorProfile()} className="font-semibold underline">
                  Vendor Profile
                </Link>
                .
              </Trans>
            </Alert>
          ) : null}
          <Section
            id="profile-photo"
            title={t`Profile photo`}
            description={t`Shown beside your name.`}
          >
            <AvatarUpload profile={profile.data} />
          </Section>
          <Section
            id="profile-details"
            title={t`Details`}
            description={t`Your name, phone and business details.`}
          >
            <ProfileDetailsForm profile={profile.data} />
          </Section>
          <Section
            id="profile-password"
            title={t`Password`}
            description={t`Changing it signs you out on your other devices.`}
          >
            <ChangePasswordForm />
          </Section>
          <Section
            id="profile-passkeys"
            title={t`Passkeys`}
            description={t`Sign in with face recognition, a fingerprint or your device PIN.`}
          >
            <PasskeysSection />
          </Section>
          <Section
            id="profile-two-factor"
            title={i18n._(TWO_FACTOR_SECTION_TEXTS.title)}
            description={i18n._(TWO_FACTOR_SECTION_TEXTS.description)}
          >
            <TwoFactorSection />
          </Section>
          <Section
            id="profile-devices"
            title={i18n._(DEVICES_SECTION_TEXTS.title)}
            description={i18n._(DEVICES_SECTION_TEXTS.description)}
          >
            <DevicesSection />
          </Section>
          <Section
            id="profile-privacy"
            title={i18n._(PRIVACY_SECTION_TEXTS.title)}
            description={i18n._(PRIVACY_SECTION_TEXTS.description)}
          >
            <PrivacyLink />
          </Section>
        </>
      ) : null}
    </div>
  );
}
