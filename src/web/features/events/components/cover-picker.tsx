import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Label } from '../../../components/ui/label';

export const COVER_MAX_BYTES = 10 * 1024 * 1024;

/** Picks a cover image and previews it (16:9, as the server crops it) before it is uploaded. */
export function CoverPicker({
  currentUrl,
  file,
  onFile,
  error,
}: {
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null, error?: string) => void;
  error?: string;
}) {
  const id = useId();
  const { t } = useLingui();
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const [inputKey, setInputKey] = useState(0);
  const shown = previewUrl ?? currentUrl;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        <Trans>Cover image</Trans>
      </Label>
      <div className="overflow-hidden rounded-lg border border-dashed border-border">
        {shown ? (
          <img src={shown} alt={t`Cover preview`} className="aspect-video w-full object-cover" />
        ) : (
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
            <ImagePlus aria-hidden="true" className="size-8" />
            <span className="text-sm">
              <Trans>No cover yet</Trans>
            </span>
          </div>
        )}
      </div>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          if (picked && !picked.type.startsWith('image/')) {
            setInputKey((k) => k + 1);
            return onFile(null, t`Please choose an image file`);
          }
          if (picked && picked.size > COVER_MAX_BYTES) {
            setInputKey((k) => k + 1);
            return onFile(null, t`The image must be 10 MB or smaller`);
          }
          onFile(picked);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        <Trans>PNG, JPEG or WebP up to 10 MB. It is cropped to 16:9.</Trans>
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
