import { Trans } from '@lingui/react/macro';
import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/**
 * An event description as the organizer typed it: plain text with its line breaks, and web
 * addresses made into links. Never parsed as HTML, so markup in it shows as typed.
 */
export function DescriptionText({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  if (paragraphs.length === 0) {
    return (
      <p className="text-muted-foreground">
        <Trans>The organizer has not added a description.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4 leading-relaxed break-words">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line.split(URL_PATTERN).map((part, k) =>
                k % 2 === 1 ? (
                  <a
                    key={k}
                    href={part}
                    target="_blank"
                    rel="noopener noreferrer nofollow ugc"
                    className="font-medium text-primary underline underline-offset-2"
                  >
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
