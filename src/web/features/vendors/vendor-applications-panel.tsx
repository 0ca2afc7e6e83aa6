import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { vendorTrackerQuery } from './api';
import { vendorPaths } from './vendor-paths';

/** The organizer dashboard's panel: events with vendor applications, pending ones first. */
export function VendorApplicationsPanel() {
  const query = useQuery(vendorTrackerQuery);
  const events = (query.data?.events ?? [])
    .map((entry) => ({
      ...entry,
      pending: entry.rows.filter((row) => row.applied === 'pending').length,
    }))
    .filter((entry) => entry.counts.applied > 0)
    .sort((a, b) => b.pending - a.pending)
    .slice(0, 4);
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle className="text-base">Vendor applications</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {query.isPending ? (
          <Spinner label="Loading vendor applications" />
        ) : query.isError || events.length === 0 ? (
          <div className="flex flex-col items-center gap-3 text-center">
            <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              {query.isError
                ? 'Vendor applications could not be loaded.'
                : 'No vendor applications yet. Vendors who apply to your events will appear here.'}
            </p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {events.map((entry) => (
              <li key={entry.event.id} className="flex items-center justify-between gap-2">
                <Link
                  to={vendorPaths.requests(entry.event.id)}
                  className="min-w-0 truncate text-sm font-medium hover:underline"
                >
                  {entry.event.title}
                </Link>
                {entry.pending ? (
                  <Badge variant="warning">{entry.pending} pending</Badge>
                ) : (
                  <Badge variant="outline">{entry.counts.applied} applied</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
        <Link
          to={vendorPaths.hiring()}
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className: 'mt-auto self-center',
          })}
        >
          Hire vendors
        </Link>
      </CardContent>
    </Card>
  );
}
