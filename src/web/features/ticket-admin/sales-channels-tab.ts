import { msg } from '@lingui/core/macro';

// The event's "Sales by channel" tab (decision 117), kept apart from the page so the tab bar
// does not load the page's chart.

export const eventSalesChannelsPath = (eventId: string) =>
  `/event/${encodeURIComponent(eventId)}/sales-channels`;

export const SALES_CHANNELS_TAB = msg`Sales by channel`;
