import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { buttonClasses } from './ui/button';
import { Badge } from './ui/badge';

/** Placeholder for a screen that a later piece of work builds; says plainly what will be here. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <Hammer aria-hidden="true" className="size-10 text-primary" />
      <Badge variant="outline">Coming soon</Badge>
      <h1 id="coming-soon-title" className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="text-muted-foreground">{description}</p>
      <Link to={paths.home()} className={buttonClasses({ variant: 'outline' })}>
        Return Home
      </Link>
    </section>
  );
}
