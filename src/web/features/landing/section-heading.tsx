import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-2 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {children ? <p className="mx-auto max-w-2xl text-muted-foreground">{children}</p> : null}
    </div>
  );
}
