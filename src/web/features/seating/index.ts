// The seating feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { ChooseSeatsLink } from './seating-link';
export { eventSeatingPath, SEATING_TAB } from './paths';
export { OrderSeats } from './order-seats';
export { useSeatedTypeIds } from './seated-types';
export { BoxOfficeSeats, type ChosenSeats } from './box-office-seats';
export { MoveSeatLink } from './seat-move-link';
