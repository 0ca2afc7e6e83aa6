import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { VENDOR_GALLERY_MAX, type VendorProfile } from '../../../contracts/vendors';
import { Alert } from '../../components/ui/alert';
import { UploadProgress } from '../../components/upload-progress';
import { Button } from '../../components/ui/button';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useRemoveGalleryImage, useUploadGalleryImage } from './api';

const WRONG_TYPE = msg`Please choose a JPEG, PNG, WebP or GIF image.`;
const TOO_LARGE = msg`The image is larger than 5 MB.`;

export const GALLERY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const GALLERY_MAX_BYTES = 5 * 1024 * 1024;

/** What is wrong with a chosen file before it is sent (in the page's language), or null. */
export function galleryFileProblem(file: { type: string; size: number }): string | null {
  if (!(GALLERY_TYPES as readonly string[]).includes(file.type)) return i18n._(WRONG_TYPE);
  if (file.size > GALLERY_MAX_BYTES) return i18n._(TOO_LARGE);
  return null;
}

/** The profile's photo gallery: upload one image at a time with progress, or remove one. */
export function GalleryManager({ profile }: { profile: VendorProfile }) {
  const { t } = useLingui();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const upload = useUploadGalleryImage(setProgress);
  const remove = useRemoveGalleryImage();
  const isFull = profile.gallery.length >= VENDOR_GALLERY_MAX;
  const busy = upload.isPending || remove.isPending;
  const photoLabel = (number: number) => t`Gallery photo ${number}`;
  const removeLabel = (number: number) => t`Remove gallery photo ${number}`;

  function choose(file: File | undefined) {
    setMessage(null);
    upload.reset();
    remove.reset();
    if (!file) return;
    const issue = galleryFileProblem(file);
    setProblem(issue);
    if (issue) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => setMessage(t`The photo was added to your gallery.`),
      onSettled: () => {
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  }

  const error =
    problem ??
    (upload.isError
      ? (fieldErrors(upload.error).image ??
        errorMessage(upload.error, t`The photo could not be uploaded.`))
      : null) ??
    (remove.isError ? errorMessage(remove.error, t`The photo could not be removed.`) : null);
  const count = profile.gallery.length;
  const max = VENDOR_GALLERY_MAX;
  const percent = Math.round(progress * 100);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          <Trans>Photo gallery</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            {count} of {max} photos. Show your setups, food, venues you decorated or crowds you
            played for.
          </Trans>
        </p>
      </div>
      {profile.gallery.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {profile.gallery.map((image, i) => (
            <li key={image.id} className="flex flex-col gap-2">
              <img
                src={image.thumbUrl}
                alt={photoLabel(i + 1)}
                className="aspect-square w-full rounded-lg bg-muted object-cover"
              />
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={removeLabel(i + 1)}
                onClick={() => {
                  setMessage(null);
                  remove.mutate(image.id, {
                    onSuccess: () => setMessage(t`The photo was removed.`),
                  });
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          <Trans>No photos yet.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className="flex items-center gap-2 text-sm font-medium">
          <ImageUp aria-hidden="true" className="size-4" />
          <Trans>Add a photo</Trans>
        </label>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={GALLERY_TYPES.join(',')}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={busy || isFull}
          onChange={(event) => choose(event.target.files?.[0])}
          className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {isFull
            ? t`Your gallery is full. Remove a photo to add another.`
            : t`JPEG, PNG, WebP or GIF, up to 5 MB. Uploads start as soon as you choose a file.`}
        </p>
      </div>
      {upload.isPending ? (
        <UploadProgress
          percent={percent}
          label={t`Upload progress`}
          text={t`Uploading… ${percent}%`}
        />
      ) : null}
      {error ? (
        <Alert variant="destructive" id={`${id}-error`}>
          {error}
        </Alert>
      ) : null}
      {message ? <Alert variant="success">{message}</Alert> : null}
    </section>
  );
}
