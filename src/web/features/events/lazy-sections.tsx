import { Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { lazyPage } from '../../app/lazy-page';

// The event page's first view is its cover, title, date, place, price and description. What
// follows (tickets list, vendors, the report button, the owner's tools, members' links) loads
// in one chunk beside it and renders in a task of its own after the first paint, so neither
// its download nor its rendering holds up the page's largest element (decision 087). Each part
// is below the first screen of a phone or shown only to signed-in people, so its arrival moves
// nothing on screen.
const sections = () => import('./event-sections');

function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazyPage(load);
  return function Deferred(props: P) {
    // The import starts after the first paint, not in the first render: Vite's preload helper
    // adds a <link> for each of the chunk's dependencies as it starts, about 140 ms of the render
    // task at a phone's CPU speed (decision 095).
    const [isPainted, setPainted] = useState(false);
    useEffect(() => setPainted(true), []);
    if (!isPainted) return null;
    return (
      <Suspense fallback={null}>
        <Part {...(props as ComponentProps<typeof Part>)} />
      </Suspense>
    );
  };
}

export const LazyEventTicketsPanel = deferred(() => sections().then((m) => m.EventTicketsPanel));
export const LazyEventVendors = deferred(() => sections().then((m) => m.EventVendors));
export const LazyReportButton = deferred(() => sections().then((m) => m.ReportButton));
export const LazyOwnerActions = deferred(() => sections().then((m) => m.OwnerActions));
export const LazyEventChatLink = deferred(() => sections().then((m) => m.EventChatLink));
export const LazyEventStreamLink = deferred(() => sections().then((m) => m.EventStreamLink));
