/**
 * Callers that arrive while a call is running share its result instead of starting their own:
 * a burst of health checks (load balancers, dashboards, a benchmark) costs the database one
 * probe at a time, and every answer is still a fresh measurement.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    current ??= run().finally(() => {
      current = undefined;
    });
    return current;
  };
}
