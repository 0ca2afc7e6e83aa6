// Reporting a post, a person, a chat message or a ride to the moderators, from any page that
// shows one; its own small catalog, so those public pages do not download the admin console's.
// Other features import only what is listed here (scripts/eslint/feature-boundaries.js).
export { ReportButton } from './report-button';
