// The events feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { eventKeys, eventListQuery, eventQuery, featuredEventQuery, myEventsQuery } from './api';
export type { EventDetail } from './api';
export { googleCalendarUrl, icsUrl } from './calendar-links';
export { EventCover } from './event-cover';
export { EventGrid, EventGridSkeleton } from './event-grid';
export { describeEventTime, formatCardDate, viewerTimeZone } from './event-time';
export { suggestQuery } from './suggest';
