import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { myVendorProfileQuery } from './api';
import { GalleryManager } from './gallery-manager';
import { ProfileForm } from './vendor-profile-form';

/** /vendor-profile: the signed-in vendor edits their profile and gallery (spec §1, §2). */
export function VendorProfileEditor() {
  const { t } = useLingui();
  const query = useQuery(myVendorProfileQuery);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // Non-vendors never get here: the route's RoleGuard (vendor) answers them.
    return (
      <LoadFailed
        title={t`Your vendor profile could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-10">
      {!query.data.isComplete ? (
        <Alert variant="info" title={t`Complete your profile`}>
          <Trans>
            Add your business name, service type and what you offer so organizers can find and book
            you.
          </Trans>
        </Alert>
      ) : null}
      <ProfileForm profile={query.data} />
      <GalleryManager profile={query.data} />
    </div>
  );
}
