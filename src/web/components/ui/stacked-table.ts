/**
 * Classes for a plain table that turns into cards on phones (below 768 px), the way the data
 * table does below `sm`: no sideways page scroll. Each cell names its column through
 * `data-label`, shown before the value on phones; the header row stays for screen readers.
 */
export const stackedTable = {
  table: 'w-full text-start text-sm max-md:block',
  head: 'max-md:sr-only',
  body: 'max-md:flex max-md:flex-col max-md:gap-3',
  row: 'max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:border-border max-md:p-3',
  cell: [
    'max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:p-0 max-md:text-end',
    'max-md:before:shrink-0 max-md:before:text-start max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
  ].join(' '),
} as const;
