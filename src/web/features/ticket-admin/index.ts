// The ticket-admin feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { EventManageFrame } from './event-manage-frame';
export { managedTypesQuery } from './api';
// The check-in app scans with the desk's camera reader.
export { QrScanner } from './components/qr-scanner';
