import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { isUuid } from '../../../contracts/ids';
import type { PendingView } from './view-buffer';

// Decision 152: a view beacon is answered before its batch reaches the database (decision 036),
// so the views it carried are first appended to a file of this process (one write per beacon,
// before the answer). The file is sealed when its batch is taken and deleted once the batch has
// committed; a failed batch keeps its files. A process that dies with views answered but not
// written (kill -9, a crash, an outage then a crash) leaves its files behind, and the next
// process to start on the same DATA_DIR and database writes them. Counting is exactly once
// because every view carries its serve id and the batch inserts it as a once-only mark in the
// same transaction as the charge: a view written before the crash and replayed after it is a
// mark that exists already, and counts nothing the second time.

const fsync = promisify(fs.fsync);
const close = promisify(fs.close);

/** Files written by a journal of this process (a restarted container may reuse the pid). */
const ownFiles = new Set<string>();

const FILE = /^(\d+)-[0-9a-f-]{36}\.views$/;

export class ViewJournal {
  private fd: number | null = null;
  private file: string | null = null;
  /** Sealed files whose views are not yet committed, oldest first. */
  private sealed: string[] = [];

  /** `dir`: one per database (DATA_DIR holds nothing shared between instances). */
  constructor(private readonly dir: string) {}

  /** Appends views before the beacon is answered; throws when the disk refuses them. */
  append(views: readonly PendingView[]): void {
    if (views.length === 0) return;
    if (this.fd === null) {
      fs.mkdirSync(this.dir, { recursive: true });
      this.file = path.join(this.dir, `${process.pid}-${randomUUID()}.views`);
      ownFiles.add(this.file);
      this.fd = fs.openSync(this.file, 'a');
    }
    let lines = '';
    for (const v of views) lines += `${v.serveId}\t${v.campaignId}\t${v.day}\t${v.viewer}\n`;
    fs.writeSync(this.fd, lines);
  }

  /**
   * Closes the file being written (on disk before the batch runs, so a machine that stops loses
   * nothing the batch would have written) and returns every file not yet committed.
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

  /** Files whose views are recovered by this process: deleted after its next committed batch. */
  adopt(files: readonly string[]) {
    for (const file of files) {
      ownFiles.add(file);
      this.sealed.push(file);
    }
  }

  /** The batch holding these files' views committed: they are not needed any more. */
  async committed(files: readonly string[]): Promise<void> {
    const done = new Set(files);
    this.sealed = this.sealed.filter((file) => !done.has(file));
    await Promise.all(
      files.map(async (file) => {
        await fs.promises.rm(file, { force: true });
        ownFiles.delete(file);
      }),
    );
  }

  /**
   * The views left by processes that ended before writing them: files of a pid that is not
   * running, or of this pid but no journal of this process (a restart that got the same pid).
   */
  async leftBehind(): Promise<{ files: string[]; views: PendingView[] }> {
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    const files: string[] = [];
    const views: PendingView[] = [];
    for (const name of names) {
      const match = FILE.exec(name);
      const file = path.join(this.dir, name);
      if (!match || ownFiles.has(file)) continue;
      const pid = Number(match[1]);
      if (pid !== process.pid && isRunning(pid)) continue;
      files.push(file);
      const text = await fs.promises.readFile(file, 'utf8');
      for (const line of text.split('\n')) {
        // A line cut short by the crash has fewer fields or a bad id: it was never answered.
        const [serveId, campaignId, day, viewer, ...rest] = line.split('\t');
        if (!serveId || !campaignId || !day || !viewer || rest.length > 0) continue;
        if (!isUuid(serveId) || !isUuid(campaignId) || !/^\d{4}-\d\d-\d\d$/.test(day)) continue;
        views.push({ serveId, campaignId, day, viewer });
      }
    }
    return { files, views };
  }
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
