import { isUuid } from '../../../contracts/ids';
import { Journal, type JournalCodec } from '../../platform/journal';
import type { PendingView } from './view-buffer';

// Decision 152: a view beacon is answered before its batch reaches the database (decision 036),
// so the views it carried are first kept in this process's journal (platform/journal.ts).
// Counting is exactly once because every view carries its serve id and the batch inserts it as a
// once-only mark in the same transaction as the charge: a view written before a crash and
// replayed after it is a mark that exists already, and counts nothing the second time.

const viewLines: JournalCodec<PendingView> = {
  ext: 'views',
  encode: (v) => `${v.serveId}\t${v.campaignId}\t${v.day}\t${v.viewer}`,
  decode(line) {
    // A line cut short by the crash has fewer fields or a bad id: it was never answered.
    const [serveId, campaignId, day, viewer, ...rest] = line.split('\t');
    if (!serveId || !campaignId || !day || !viewer || rest.length > 0) return null;
    if (!isUuid(serveId) || !isUuid(campaignId) || !/^\d{4}-\d\d-\d\d$/.test(day)) return null;
    return { serveId, campaignId, day, viewer };
  },
};

export class ViewJournal extends Journal<PendingView> {
  constructor(dir: string) {
    super(dir, viewLines);
  }

  /** The views left by processes that ended before writing them (Journal.leftBehind). */
  override async leftBehind() {
    const left = await super.leftBehind();
    return { ...left, views: left.items };
  }
}
