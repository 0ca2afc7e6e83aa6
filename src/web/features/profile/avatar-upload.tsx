import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Profile } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { UploadProgress } from '../../components/upload-progress';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useRemoveAvatar, useUploadAvatar } from './api';
import { avatarProblem, AVATAR_TYPES } from './avatar-check';
import { AvatarImage } from './components/avatar-image';

/**
 * Profile photo: choose an image (checked here for type and size first), see it before
 * uploading, watch the upload progress, or remove the current photo.
 */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const upload = useUploadAvatar(setProgress);
  const remove = useRemoveAvatar();
  const { i18n, t } = useLingui();

  // The preview URL holds the file in memory until revoked.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | undefined) {
    setMessage(null);
    upload.reset();
    if (!chosen) return;
    const error = avatarProblem(chosen, i18n);
    setProblem(error);
    setFile(error ? null : chosen);
  }

  function clearChoice() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function send() {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        clearChoice();
        setMessage(t`Your profile photo has been updated.`);
      },
    });
  }

  const busy = upload.isPending || remove.isPending;
  const percent = Math.round(progress * 100);
  const error =
    problem ??
    (upload.isError ? errorMessage(upload.error, t`The photo could not be uploaded.`) : null) ??
    (remove.isError ? errorMessage(remove.error, t`The photo could not be removed.`) : null);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <AvatarImage
        src={preview ?? profile.avatarUrl}
        alt={preview ? t`Preview of your new profile photo` : t`Your profile photo`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            <Trans>Choose a photo</Trans>
          </label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-describedby={`${id}-hint`}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            <Trans>JPEG, PNG, WebP or GIF, up to 5 MB. It is cropped to a square.</Trans>
          </p>
        </div>
        {upload.isPending ? (
          <UploadProgress
            percent={percent}
            label={t`Upload progress`}
            text={t`Uploading… ${percent}%`}
          />
        ) : null}
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {message ? <Alert variant="success">{message}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={send} disabled={!file || busy}>
            <ImageUp aria-hidden="true" className="size-4" />
            {upload.isPending ? <Trans>Uploading...</Trans> : <Trans>Upload photo</Trans>}
          </Button>
          {file ? (
            <Button size="sm" variant="outline" onClick={clearChoice} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          {profile.avatarUrl && !file ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => {
                setMessage(null);
                remove.mutate(undefined, {
                  onSuccess: () => setMessage(t`Your profile photo has been removed.`),
                });
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {remove.isPending ? <Trans>Removing...</Trans> : <Trans>Remove photo</Trans>}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
