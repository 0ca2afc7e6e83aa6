// The parts of the event page that are not in its first view, or only for some people: they
// come in one chunk after the first paint (lazy-sections.tsx, decision 087).
export { EventTicketsPanel } from '../tickets';
export { EventVendors } from '../vendors';
export { ReportButton } from '../reports';
export { EventChatLink } from '../messaging';
export { EventStreamLink } from '../streaming';
export { OwnerActions } from './components/owner-actions';
