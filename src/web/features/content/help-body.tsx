/** A help article's text as readers see it: plain text, a blank line between paragraphs. */
export function HelpBody({ body }: { body: string }) {
  return (
    <div className="mt-4 space-y-4 leading-relaxed">
      {body.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i} dir="auto">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
