// The waitlist feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { WaitlistJoin } from './waitlist-join';
export { MyWaitlistPlaces } from './my-waitlist-places';
export { eventWaitlistPath, WAITLIST_TAB } from './paths';
