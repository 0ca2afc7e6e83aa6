import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AVATAR_MAX_BYTES } from '../../../contracts/accounts';
import { ImageUpload } from '../../components/image-upload';
import { useRemoveInvoiceLogo, useUploadInvoiceLogo, type ProfileScope } from './api';

// The formats the server reads (sharp), as for profile photos: JPEG, PNG, WebP, GIF, AVIF, HEIF.
const LOGO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heif',
  'image/heic',
];

/**
 * The logo printed at the top of invoices and credit notes: choose an image (checked here for
 * type and size first, and again by the server), see it, upload it, or print none from now on.
 */
export function InvoiceLogoUpload({
  scope,
  logoUrl,
}: {
  scope: ProfileScope;
  logoUrl: string | null;
}) {
  const { t } = useLingui();
  const [progress, setProgress] = useState(0);
  const upload = useUploadInvoiceLogo(scope, setProgress);
  const remove = useRemoveInvoiceLogo(scope);

  function check(chosen: File) {
    if (!LOGO_TYPES.includes(chosen.type))
      return t`Please upload an image (JPEG, PNG, WebP or GIF)`;
    if (chosen.size > AVATAR_MAX_BYTES) return t`Images must be 5 MB or smaller`;
    return null;
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">
        <Trans>Logo on invoices</Trans>
      </legend>
      <ImageUpload
        currentUrl={logoUrl}
        accept={LOGO_TYPES}
        check={check}
        upload={upload}
        remove={remove}
        progress={progress}
        onProgress={setProgress}
        image={(preview) =>
          (preview ?? logoUrl) ? (
            <img
              src={preview ?? logoUrl ?? undefined}
              alt={preview ? t`Preview of your new invoice logo` : t`Your invoice logo`}
              className="max-h-14 max-w-40 self-start object-contain"
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>Your invoices print no logo.</Trans>
            </p>
          )
        }
        texts={{
          choose: t`Choose a logo`,
          hint: (
            <Trans>
              JPEG, PNG, WebP or GIF, up to 5 MB. Invoices already issued keep the logo they were
              issued with.
            </Trans>
          ),
          upload: t`Upload logo`,
          uploading: t`Uploading...`,
          cancel: t`Cancel`,
          remove: t`Remove logo`,
          removing: t`Removing...`,
          uploaded: t`Your invoices now print this logo.`,
          removed: t`Invoices issued from now on print no logo.`,
          uploadFailed: t`The logo could not be uploaded.`,
          removeFailed: t`The logo could not be removed.`,
          progressLabel: t`Upload progress`,
          progressText: (percent) => t`Uploading… ${percent}%`,
        }}
      />
    </fieldset>
  );
}
