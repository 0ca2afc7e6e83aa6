import { useMemo } from 'react';
import { linkify } from './message-text';

/** A message's text with its links clickable; everything else stays text (never HTML). */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <p className={className}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2 break-all"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
