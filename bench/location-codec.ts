// The live location bench's clock in a coordinate: a driver's update carries the wall-clock
// millisecond it was sent in its latitude, so the rider's socket can tell how long it took
// without a field the API does not have. Kept out of the sender (a child process that listens
// for its job on `process.on('message')`) so a test can import it.

const WINDOW_MS = 10_000_000;

/** A latitude near 37° whose last digits are the send time (ms) within a ~2.8-hour window. */
export const encodeSentAt = (sentAt: number) => 37 + (Math.round(sentAt) % WINDOW_MS) * 1e-9;

/** The send time back from the latitude, given a time close to it (the receipt). */
export function decodeSentAt(lat: number, near: number): number {
  const offset = Math.round((lat - 37) / 1e-9);
  let sentAt = near - (near % WINDOW_MS) + offset;
  if (sentAt > near + WINDOW_MS / 2) sentAt -= WINDOW_MS;
  return sentAt;
}
