// The door feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export const CHECK_IN_APP_PATH = '/check-in';
export { useSeatWords } from './verdict-details';
export { CheckInListsPanel } from './check-in-lists-panel';
export { DoorConflictsPanel } from './door-conflicts';
