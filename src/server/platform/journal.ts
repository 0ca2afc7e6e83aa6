import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

// Work answered before its batch reaches the database (view beacons, decision 152; referral
// clicks, decision 163) is first appended to a file of this process, one write per request,
// before the answer. The file is sealed when its batch is taken and deleted once the batch has
// committed; a failed batch keeps its files. A process that dies with work answered but not
// written (kill -9, a crash, an outage then a crash) leaves its files behind, and the next
// process to start on the same DATA_DIR and database writes them. Each user makes the write of
// an item idempotent (a once-only key in the same transaction), so an item written before the
// crash and replayed after it counts nothing the second time.

const fsync = promisify(fs.fsync);
const close = promisify(fs.close);

/** Files written by a journal of this process (a restarted container may reuse the pid). */
const ownFiles = new Set<string>();

/** One item per line: `encode` must not write a newline; `decode` answers null for a bad line. */
export interface JournalCodec<T> {
  /** File extension, e.g. `views`. */
  ext: string;
  encode(item: T): string;
  decode(line: string): T | null;
}

export class Journal<T> {
  private fd: number | null = null;
  private file: string | null = null;
  /** Sealed files whose items are not yet committed, oldest first. */
  private sealed: string[] = [];
  /** Lines of this turn's requests, written together (`appendSoon`). */
  private lines = '';
  private waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private readonly pattern: RegExp;

  /** `dir`: one per database (DATA_DIR holds nothing shared between instances). */
  constructor(
    private readonly dir: string,
    private readonly codec: JournalCodec<T>,
  ) {
    this.pattern = new RegExp(`^(\\d+)-[0-9a-f-]{36}\\.${codec.ext}$`);
  }

  /** Appends items before the request is answered; throws when the disk refuses them. */
  append(items: readonly T[]): void {
    let lines = '';
    for (const item of items) lines += `${this.codec.encode(item)}\n`;
    if (lines) this.write(lines);
  }

  /**
   * Appends items together with those of the other requests of this turn of the event loop, in
   * one write (one system call per turn instead of one per request); resolves once they are
   * written, rejects when the disk refused them.
   */
  appendSoon(items: readonly T[]): Promise<void> {
    for (const item of items) this.lines += `${this.codec.encode(item)}\n`;
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.writeWaiting());
    });
  }

  private writeWaiting() {
    const lines = this.lines;
    const waiting = this.waiting;
    this.lines = '';
    this.waiting = [];
    try {
      this.write(lines);
    } catch (error) {
      for (const one of waiting) one.reject(error);
      return;
    }
    for (const one of waiting) one.resolve();
  }

  private write(lines: string) {
    if (this.fd === null) {
      fs.mkdirSync(this.dir, { recursive: true });
      this.file = path.join(this.dir, `${process.pid}-${randomUUID()}.${this.codec.ext}`);
      ownFiles.add(this.file);
      this.fd = fs.openSync(this.file, 'a');
    }
    fs.writeSync(this.fd, lines);
  }

  /**
   * Closes the file being written (on disk before the batch runs, so a machine that stops loses
   * nothing the batch would have written) and returns every file not yet committed. The file is
   * switched synchronously: what is appended after this call goes to the next one.
   */
  async seal(): Promise<string[]> {
    const fd = this.fd;
    if (fd !== null && this.file) {
      this.fd = null;
      this.sealed.push(this.file);
      this.file = null;
      await fsync(fd).finally(() => close(fd));
    }
    return [...this.sealed];
  }

  /** Files whose items are recovered by this process: deleted after its next committed batch. */
  adopt(files: readonly string[]) {
    for (const file of files) {
      ownFiles.add(file);
      this.sealed.push(file);
    }
  }

  /** The batch holding these files' items committed: they are not needed any more. */
  async committed(files: readonly string[]): Promise<void> {
    const done = new Set(files);
    this.sealed = this.sealed.filter((file) => !done.has(file));
    await Promise.all(
      files.map(async (file) => {
        await fs.promises.unlink(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        ownFiles.delete(file);
      }),
    );
  }

  /**
   * The items left by processes that ended before writing them: files of a pid that is not
   * running, or of this pid but no journal of this process (a restart that got the same pid).
   */
  async leftBehind(): Promise<{ files: string[]; items: T[] }> {
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    const files: string[] = [];
    const items: T[] = [];
    for (const name of names) {
      const match = this.pattern.exec(name);
      const file = path.join(this.dir, name);
      if (!match || ownFiles.has(file)) continue;
      const pid = Number(match[1]);
      if (pid !== process.pid && isRunning(pid)) continue;
      files.push(file);
      const text = await fs.promises.readFile(file, 'utf8');
      for (const line of text.split('\n')) {
        // A line cut short by the crash does not decode: it was never answered.
        const item = line ? this.codec.decode(line) : null;
        if (item) items.push(item);
      }
    }
    return { files, items };
  }
}

/** One folder per database under DATA_DIR: a process only ever replays work of its database. */
export async function journalFolder(db: DbExecutor, dataDir: string, kind: string) {
  const { rows } = await db.execute<{ name: string }>(sql`select current_database() as name`);
  return path.join(dataDir, kind, (rows[0]?.name ?? 'default').replace(/[^A-Za-z0-9_-]/g, '_'));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
