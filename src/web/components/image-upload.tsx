import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { UploadProgress } from './upload-progress';

/** The part of a TanStack mutation the picker drives. */
interface Mutation<Variables> {
  mutate(variables: Variables, options?: { onSuccess?: () => void }): void;
  reset(): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * What the picker says. They come from the caller, in its feature's messages, so the shell's
 * catalog stays as it is (as for UploadProgress).
 */
export interface ImageUploadTexts {
  /** The file input's label, e.g. "Choose a photo". */
  choose: string;
  /** Formats and size under the input. */
  hint: ReactNode;
  upload: string;
  uploading: string;
  cancel: string;
  remove: string;
  removing: string;
  /** Said once the upload has been saved. */
  uploaded: string;
  /** Said once the image has been removed. */
  removed: string;
  uploadFailed: string;
  removeFailed: string;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** What is read beside the bar, e.g. "Uploading… 40%". */
  progressText: (percent: number) => string;
}

/**
 * Choose one image (checked here for type and size first; the server checks again), see it
 * before uploading, watch the upload progress, or remove the current one. The caller draws the
 * image (`image` gets the preview's URL while a file is chosen) and owns the upload's progress,
 * since its upload hook reports it.
 */
export function ImageUpload({
  currentUrl,
  accept,
  check,
  upload,
  remove,
  progress,
  onProgress,
  image,
  texts,
  controlsClassName,
}: {
  currentUrl: string | null;
  /** The MIME types offered in the file chooser. */
  accept: readonly string[];
  /** What is wrong with a chosen file, or null. */
  check: (file: File) => string | null;
  upload: Mutation<File>;
  remove: Mutation<void>;
  /** The upload's progress, 0–1. */
  progress: number;
  onProgress: (fraction: number) => void;
  image: (preview: string | null) => ReactNode;
  texts: ImageUploadTexts;
  controlsClassName?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

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
    const error = check(chosen);
    setProblem(error);
    setFile(error ? null : chosen);
  }

  function clearChoice() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function send() {
    if (!file) return;
    onProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        clearChoice();
        setMessage(texts.uploaded);
      },
    });
  }

  const busy = upload.isPending || remove.isPending;
  const percent = Math.round(progress * 100);
  const error =
    problem ??
    (upload.isError ? errorMessage(upload.error, texts.uploadFailed) : null) ??
    (remove.isError ? errorMessage(remove.error, texts.removeFailed) : null);

  return (
    <>
      {image(preview)}
      <div className={cn('flex flex-col gap-3', controlsClassName)}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {texts.choose}
          </label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={accept.join(',')}
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {texts.hint}
          </p>
        </div>
        {upload.isPending ? (
          <UploadProgress
            percent={percent}
            label={texts.progressLabel}
            text={texts.progressText(percent)}
          />
        ) : null}
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {message ? <Alert variant="success">{message}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={send} disabled={!file || busy}>
            <ImageUp aria-hidden="true" className="size-4" />
            {upload.isPending ? texts.uploading : texts.upload}
          </Button>
          {file ? (
            <Button type="button" size="sm" variant="outline" onClick={clearChoice} disabled={busy}>
              {texts.cancel}
            </Button>
          ) : null}
          {currentUrl && !file ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => {
                setMessage(null);
                remove.mutate(undefined, { onSuccess: () => setMessage(texts.removed) });
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {remove.isPending ? texts.removing : texts.remove}
            </Button>
          ) : null}
        </div>
      </div>
    </>
  );
}
