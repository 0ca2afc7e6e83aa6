/**
 * Who this process has seen in which chat, so the hottest reads (the newest history page from
 * HistoryCache, typing, image uploads) need no query to check it. Only "is a participant" is
 * remembered, never "is not": someone who joins a chat is let in at once.
 *
 * Why it stays right: participants are never removed from a chat (docs/decisions/010); a row
 * goes only with its chat (an event's deletion) or its person (whose sessions go too). A chat
 * that is gone has no pages to read. If leaving a chat is ever added, it must `forget` here, and
 * the other processes will still trust their memory for up to `ttlMs`.
 */
export class KnownParticipants {
  /** `chatId userId` → until when it is trusted; in the order they were learned. */
  private readonly known = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  has(chatId: string, userId: string, now: number): boolean {
    const key = `${chatId} ${userId}`;
    const until = this.known.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.known.delete(key);
    return false;
  }

  add(chatId: string, userId: string, now: number): void {
    if (this.ttlMs <= 0) return;
    const key = `${chatId} ${userId}`;
    // Re-inserted so the map stays in learning order; the oldest go first when it is full.
    this.known.delete(key);
    this.known.set(key, now + this.ttlMs);
    for (const oldest of this.known.keys()) {
      if (this.known.size <= this.maxEntries) break;
      this.known.delete(oldest);
    }
  }

  forget(chatId: string, userId: string): void {
    this.known.delete(`${chatId} ${userId}`);
  }
}
