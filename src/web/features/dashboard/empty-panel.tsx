import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/**
 * A dashboard panel with nothing in it yet, said plainly: the data arrives with later features
 * (tickets, messages…), so the panel says what will appear and offers the next step.
 */
export function EmptyPanel({
  title,
  icon: Icon,
  message,
  action,
}: {
  title: string;
  icon: LucideIcon;
  message: string;
  action?: { to: string; label: string };
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col items-center gap-3 text-center">
        <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">{message}</p>
        {action ? (
          <Link to={action.to} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            {action.label}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
