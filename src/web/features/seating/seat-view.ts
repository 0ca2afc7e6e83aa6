/** How a seat looks on the map and in the lists (its own file: the map and its canvas share it). */
export type SeatView = 'available' | 'held' | 'sold' | 'blocked' | 'selected';
