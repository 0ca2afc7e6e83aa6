/**
 * The newest history page of recently read chats, as ready-to-send JSON. Opening a chat reads
 * that page; in a group chat every participant reads the same one, so it is worth keeping.
 *
 * Why it stays right: every process reads every message change in order (the realtime hub), and
 * forgets a chat's pages as it reads a change to it, the moment it sends that change to its
 * sockets; a process also forgets at once on its own sends and removals. A read that began
 * before a change is not stored (its ticket is void). Access is still checked on every request
 * (KnownParticipants, then the database); only the page comes from here. Sender names and
 * photos, which change without a message changing, are at most `ttlMs` old.
 */
export class HistoryCache {
  /** By chat, then by page size; chats in the order their pages were stored. */
  private readonly chats = new Map<string, Map<number, { json: string; until: number }>>();
  private readonly reading = new Map<string, Set<{ valid: boolean }>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(chatId: string, limit: number, now: number): string | undefined {
    const page = this.chats.get(chatId)?.get(limit);
    if (!page) return undefined;
    if (page.until > now) return page.json;
    this.forgetPages(chatId);
    return undefined;
  }

  /** Call before reading a page from the database; pass its ticket to `end`. */
  begin(chatId: string): { valid: boolean } {
    const ticket = { valid: this.ttlMs > 0 };
    let tickets = this.reading.get(chatId);
    if (!tickets) this.reading.set(chatId, (tickets = new Set()));
    tickets.add(ticket);
    return ticket;
  }

  /** Ends a read (also one that failed): keeps its page unless the chat changed meanwhile. */
  end(
    chatId: string,
    ticket: { valid: boolean },
    page?: { limit: number; json: string; now: number },
  ): void {
    const tickets = this.reading.get(chatId);
    tickets?.delete(ticket);
    if (tickets?.size === 0) this.reading.delete(chatId);
    if (!ticket.valid || !page || page.json.length > this.maxBytes) return;
    // Oldest chats first until the page fits.
    for (const oldest of this.chats.keys()) {
      if (this.bytes + page.json.length <= this.maxBytes) break;
      this.forgetPages(oldest);
    }
    let pages = this.chats.get(chatId);
    if (!pages) this.chats.set(chatId, (pages = new Map()));
    this.bytes += page.json.length - (pages.get(page.limit)?.json.length ?? 0);
    pages.set(page.limit, { json: page.json, until: page.now + this.ttlMs });
  }

  /** A message in this chat was sent, removed or changed. */
  forget(chatId: string): void {
    for (const ticket of this.reading.get(chatId) ?? []) ticket.valid = false;
    this.reading.delete(chatId);
    this.forgetPages(chatId);
  }

  private forgetPages(chatId: string) {
    for (const page of this.chats.get(chatId)?.values() ?? []) this.bytes -= page.json.length;
    this.chats.delete(chatId);
  }
}
