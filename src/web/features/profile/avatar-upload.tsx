import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Profile } from '../../../contracts/accounts';
import { ImageUpload } from '../../components/image-upload';
import { useRemoveAvatar, useUploadAvatar } from './api';
import { avatarProblem, AVATAR_TYPES } from './avatar-check';
import { AvatarImage } from './components/avatar-image';

/**
 * Profile photo: choose an image (checked here for type and size first), see it before
 * uploading, watch the upload progress, or remove the current photo.
 */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadAvatar(setProgress);
  const remove = useRemoveAvatar();
  const { i18n, t } = useLingui();

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <ImageUpload
        currentUrl={profile.avatarUrl}
        accept={AVATAR_TYPES}
        check={(file) => avatarProblem(file, i18n)}
        upload={upload}
        remove={remove}
        progress={progress}
        onProgress={setProgress}
        image={(preview) => (
          <AvatarImage
            src={preview ?? profile.avatarUrl}
            alt={preview ? t`Preview of your new profile photo` : t`Your profile photo`}
          />
        )}
        controlsClassName="min-w-0 flex-1"
        texts={{
          choose: t`Choose a photo`,
          hint: <Trans>JPEG, PNG, WebP or GIF, up to 5 MB. It is cropped to a square.</Trans>,
          upload: t`Upload photo`,
          uploading: t`Uploading...`,
          cancel: t`Cancel`,
          remove: t`Remove photo`,
          removing: t`Removing...`,
          uploaded: t`Your profile photo has been updated.`,
          removed: t`Your profile photo has been removed.`,
          uploadFailed: t`The photo could not be uploaded.`,
          removeFailed: t`The photo could not be removed.`,
          progressLabel: t`Upload progress`,
          progressText: (percent) => t`Uploading… ${percent}%`,
        }}
      />
    </div>
  );
}
