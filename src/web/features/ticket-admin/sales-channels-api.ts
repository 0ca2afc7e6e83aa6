import { queryOptions } from '@tanstack/react-query';
import type { SalesChannelReport } from '../../../contracts/sales-channels';
import { apiGet } from '../../lib/api-client';
import { adminKeys } from './api';

const enc = encodeURIComponent;
const dayQuery = (day: string | null) => (day ? `?day=${enc(day)}` : '');

/** An event's sales by channel, for all days or one (decision 117). */
export const salesChannelsQuery = (eventId: string, day: string | null) =>
  queryOptions({
    queryKey: adminKeys.salesChannels(eventId, day),
    queryFn: ({ signal }) =>
      apiGet<SalesChannelReport>(
        `/api/door/events/${enc(eventId)}/sales-channels${dayQuery(day)}`,
        { signal },
      ),
  });

/** The same report as a CSV download. */
export const salesChannelsCsvUrl = (eventId: string, day: string | null) =>
  `/api/door/events/${enc(eventId)}/sales-channels.csv${dayQuery(day)}`;
