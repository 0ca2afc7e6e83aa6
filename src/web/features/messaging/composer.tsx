import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
} from '../../../contracts/messaging';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useMessagingText } from './messaging-messages';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Why a picked file cannot be attached, or null when it can. */
export function imageProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return MESSAGING_MESSAGES.imageInvalid;
  if (file.size > MESSAGE_IMAGE_MAX_BYTES) return MESSAGING_MESSAGES.imageTooLarge;
  return null;
}

export interface Attachment {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** Reads the picture's size for the preview and the placeholder while it uploads. */
function readImage(file: File): Promise<Attachment> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve({ file, url, width: image.naturalWidth || 1, height: image.naturalHeight || 1 });
    image.onerror = () => resolve({ file, url, width: 1, height: 1 });
    image.src = url;
  });
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; an image can be attached (checked
 * for type and size before anything is uploaded). `onSend` takes over the attachment's URL.
 */
export function Composer({
  onSend,
  onTyping,
  disabledReason,
}: {
  onSend: (body: string, attachment: Attachment | null) => void;
  onTyping: () => void;
  /** Set when this person may not write here (blocked); the box is disabled and says why. */
  disabledReason?: string | null;
}) {
  const { t } = useLingui();
  const text = useMessagingText();
  const [body, setBody] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const hintId = useId();
  const keysId = useId();
  const isDisabled = Boolean(disabledReason);
  const remaining = MESSAGE_MAX_LENGTH - body.length;

  // A preview nobody sent is let go with the composer.
  const pendingUrl = useRef<string | null>(null);
  useEffect(() => {
    pendingUrl.current = attachment?.url ?? null;
  });
  useEffect(
    () => () => {
      if (pendingUrl.current) URL.revokeObjectURL(pendingUrl.current);
    },
    [],
  );

  const submit = () => {
    if (isDisabled) return;
    if (!body.trim() && !attachment) {
      setError(MESSAGING_MESSAGES.emptyMessage);
      return;
    }
    if (body.length > MESSAGE_MAX_LENGTH) {
      setError(MESSAGING_MESSAGES.tooLong);
      return;
    }
    onSend(body, attachment);
    setBody('');
    setAttachment(null);
    setError(null);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onPick = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    if (attachment) URL.revokeObjectURL(attachment.url);
    setAttachment(await readImage(file));
    setError(null);
    textarea.current?.focus();
  };

  return (
    <form
      className="flex flex-col gap-2 border-t border-border bg-background p-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      {attachment ? (
        <div className="flex items-start gap-2">
          <img
            src={attachment.url}
            alt={t`Image to send`}
            className="max-h-24 max-w-40 rounded-md border border-border object-contain"
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t`Remove image`}
            onClick={() => {
              URL.revokeObjectURL(attachment.url);
              setAttachment(null);
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {text(error)}
        </p>
      ) : null}
      {disabledReason ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {disabledReason}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          disabled={isDisabled}
          onChange={(event) => void onPick(event.target.files?.[0])}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={t`Attach image`}
          disabled={isDisabled}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </Button>
        <textarea
          ref={textarea}
          aria-label={t`Message`}
          aria-describedby={cn(error && errorId, disabledReason && hintId, keysId)}
          aria-invalid={error ? true : undefined}
          placeholder={t`Write a message…`}
          rows={1}
          value={body}
          disabled={isDisabled}
          maxLength={MESSAGE_MAX_LENGTH}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setBody(event.target.value);
            if (error) setError(null);
            if (event.target.value) onTyping();
          }}
          className={cn(
            'field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm',
            'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            'disabled:cursor-not-allowed disabled:opacity-60',
          )}
        />
        <Button type="submit" size="icon" aria-label={t`Send`} disabled={isDisabled}>
          <SendHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {remaining < 200 ? (
        <p className="text-end text-xs text-muted-foreground" aria-live="polite">
          <Plural value={remaining} one="# character left" other="# characters left" />
        </p>
      ) : null}
      <p id={keysId} className="sr-only">
        <Trans>Press Enter to send, Shift+Enter for a new line.</Trans>
      </p>
    </form>
  );
}
