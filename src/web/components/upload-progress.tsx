/**
 * A file upload under way: a bar and the percentage said politely to screen readers. The texts
 * come from the caller, in its feature's messages, so the shell's catalog stays as it is.
 */
export function UploadProgress({
  percent,
  label,
  text,
}: {
  /** 0–100. */
  percent: number;
  /** The bar's accessible name, e.g. "Upload progress". */
  label: string;
  /** What is read beside it, e.g. "Uploading… 40%". */
  text: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <progress
        value={percent}
        max={100}
        aria-label={label}
        className="h-2 w-full accent-primary"
      />
      <span className="text-xs text-muted-foreground" aria-live="polite">
        {text}
      </span>
    </div>
  );
}
