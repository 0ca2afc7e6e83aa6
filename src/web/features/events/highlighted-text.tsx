import { parseHighlight } from './highlight';

/** A search headline with its matches marked, rendered as text nodes and <mark> elements. */
export function HighlightedText({ fragment }: { fragment: string }) {
  return (
    <>
      {parseHighlight(fragment).map((segment, i) =>
        segment.isMatch ? (
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-foreground">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
