import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { mapSettingsQuery } from './api';
import { lazyPage } from '../../app/lazy-page';

// Leaflet and its CSS load with this chunk, on ride pages only (never on the home page).
const RideMap = lazyPage(() => import('./ride-map').then((m) => m.RideMap));

type Props = Omit<ComponentProps<typeof RideMap>, 'settings'>;

/** A ride map once the tile settings and the map code are here; a plain box until then. */
export function MapBox(props: Props) {
  const settings = useQuery(mapSettingsQuery);
  const placeholder = (
    <div
      aria-hidden="true"
      className={cn(props.className ?? 'h-64', 'rounded-md border border-border bg-muted')}
    />
  );
  if (!settings.data) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RideMap settings={settings.data} {...props} />
    </Suspense>
  );
}
