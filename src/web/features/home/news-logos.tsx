// Text wordmarks in CSS, so the strip costs no image requests (spec §2 news-logo strip).
const OUTLETS = [
  { name: 'The Daily Ledger', className: 'font-serif italic' },
  { name: 'CITY BEAT', className: 'font-black tracking-widest' },
  { name: 'EventWire', className: 'font-mono font-semibold' },
  { name: 'Metro Times', className: 'font-serif font-bold' },
  { name: 'nightlife.fm', className: 'font-semibold lowercase' },
];

export function NewsLogos() {
  return (
    <section aria-labelledby="as-seen-in" className="border-y border-border bg-muted/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-6">
        <h2
          id="as-seen-in"
          className="text-xs font-semibold tracking-wider text-muted-foreground uppercase"
        >
          As featured in
        </h2>
        <ul className="flex flex-wrap items-center justify-center gap-x-10 gap-y-3 text-lg text-muted-foreground">
          {OUTLETS.map((outlet) => (
            <li key={outlet.name} className={outlet.className}>
              {outlet.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
