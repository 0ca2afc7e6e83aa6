import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatTime } from '../../lib/dates';

// The admin editors of site pages and help articles save explicitly, never automatically: what
// is saved is what visitors read at once (decision 022). This is their shared
// save cycle: "Unsaved changes" after an edit, the browser asking before a tab with unsaved edits
// closes, "Saving…", the server's field errors, and the preview switch.

export interface ExplicitSave {
  /** What the status line says: last saved, unsaved changes, saving, not saved. */
  status: string;
  dirty: boolean;
  saving: boolean;
  /** The server's validation errors by field path. */
  errors: Record<string, string>;
  /** The error shown above the form (a failed save, a failed upload). */
  problem: string | null;
  setProblem: (problem: string | null) => void;
  preview: boolean;
  togglePreview: () => void;
  /** Marks the form as changed since the last save. */
  touch: () => void;
  /** Forgets unsaved changes (the item is gone: nothing left to ask about when leaving). */
  forget: () => void;
  save: () => Promise<void>;
}

export function useExplicitSave<T>(options: {
  initialStatus: string;
  /** The message when a save fails for a reason the server does not explain. */
  failure: string;
  /** Sends the form; answers what the server stored. */
  send: () => Promise<T>;
  /** Shows what the server stored (sanitized, normalized) rather than what was sent. */
  onSaved: (stored: T) => void;
}): ExplicitSave {
  const [status, setStatus] = useState(options.initialStatus);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const { t } = useLingui();
  // The latest callbacks, so `save` and `touch` stay stable for editors that keep them (Tiptap).
  const latest = useRef(options);
  latest.current = options;

  // Leaving with unsaved changes asks first (closing the tab, reloading, another site).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const touch = useCallback(() => {
    setDirty(true);
    setStatus(t`Unsaved changes`);
  }, [t]);

  const save = useCallback(async () => {
    setSaving(true);
    setStatus(t`Saving…`);
    try {
      const stored = await latest.current.send();
      latest.current.onSaved(stored);
      setErrors({});
      setProblem(null);
      setDirty(false);
      const time = formatTime(new Date());
      setStatus(t`Saved at ${time}`);
    } catch (error) {
      setErrors(fieldErrors(error));
      setProblem(errorMessage(error, latest.current.failure));
      setStatus(t`Not saved`);
    } finally {
      setSaving(false);
    }
  }, [t]);

  return {
    status,
    dirty,
    saving,
    errors,
    problem,
    setProblem,
    preview,
    togglePreview: () => setPreview((p) => !p),
    touch,
    forget: () => setDirty(false),
    save,
  };
}

/** The editor's heading, the address it edits and the save status (announced politely). */
export function EditorHeading({
  heading,
  address,
  status,
}: {
  heading: string;
  address: string;
  status: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {/* The console's breadcrumb (Admin › Help) leads back to the list. */}
      <div>
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Address: {address}</Trans>
        </p>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
    </div>
  );
}

/** Save and Preview, then whatever the editor adds (a link to the live page, Delete). */
export function EditorToolbar({
  form,
  saveLabel,
  children,
}: {
  form: ExplicitSave;
  saveLabel: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => void form.save()} disabled={form.saving}>
        {saveLabel}
      </Button>
      <Button variant="outline" aria-pressed={form.preview} onClick={form.togglePreview}>
        {form.preview ? t`Back to editing` : t`Preview`}
      </Button>
      {children}
    </div>
  );
}
