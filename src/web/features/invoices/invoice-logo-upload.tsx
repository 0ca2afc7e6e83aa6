import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AVATAR_MAX_BYTES } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { UploadProgress } from '../../components/upload-progress';
import { errorMessage } from '../../lib/api-client';
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
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const upload = useUploadInvoiceLogo(scope, setProgress);
  const remove = useRemoveInvoiceLogo(scope);

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
    const error = !LOGO_TYPES.includes(chosen.type)
      ? t`Please upload an image (JPEG, PNG, WebP or GIF)`
      : chosen.size > AVATAR_MAX_BYTES
        ? t`Images must be 5 MB or smaller`
        : null;
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
        setMessage(t`Your invoices now print this logo.`);
      },
    });
  }

  const busy = upload.isPending || remove.isPending;
  const percent = Math.round(progress * 100);
  const shown = preview ?? logoUrl;
  const error =
    problem ??
    (upload.isError ? errorMessage(upload.error, t`The logo could not be uploaded.`) : null) ??
    (remove.isError ? errorMessage(remove.error, t`The logo could not be removed.`) : null);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">
        <Trans>Logo on invoices</Trans>
      </legend>
      {shown ? (
        <img
          src={shown}
          alt={preview ? t`Preview of your new invoice logo` : t`Your invoice logo`}
          className="max-h-14 max-w-40 self-start object-contain"
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Your invoices print no logo.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          <Trans>Choose a logo</Trans>
        </label>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0])}
          className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          <Trans>
            JPEG, PNG, WebP or GIF, up to 5 MB. Invoices already issued keep the logo they were
            issued with.
          </Trans>
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
        <Button type="button" size="sm" onClick={send} disabled={!file || busy}>
          <ImageUp aria-hidden="true" className="size-4" />
          {upload.isPending ? <Trans>Uploading...</Trans> : <Trans>Upload logo</Trans>}
        </Button>
        {file ? (
          <Button type="button" size="sm" variant="outline" onClick={clearChoice} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
        {logoUrl && !file ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => {
              setMessage(null);
              remove.mutate(undefined, {
                onSuccess: () => setMessage(t`Invoices issued from now on print no logo.`),
              });
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {remove.isPending ? <Trans>Removing...</Trans> : <Trans>Remove logo</Trans>}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
