import { realtime } from '../../lib/realtime';

// Loaded after the first paint by messages-badge.tsx, so the socket client stays off the first
// load: tells the badge whether live updates are arriving (if not, it polls, spec §9).
export function watchSocket(onChange: (isLive: boolean) => void): () => void {
  onChange(realtime.isConnected);
  return realtime.onStatus((status) => onChange(status.status === 'open'));
}
