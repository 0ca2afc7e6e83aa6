// One renewal worker process for the subscriptions bench: renews due subscriptions in batches
// (the job's own code path) until none are left, then prints what it did as JSON.
import { connectDatabase } from '../src/server/db/client';
import { systemClock } from '../src/server/platform/clock';
import { RENEW_BATCH } from '../src/server/modules/subscriptions/subscriptions.module';
import { renewDue } from '../src/server/modules/subscriptions/subscriptions.service';

const handle = connectDatabase(process.argv[2] ?? '', { max: 2 });
const totals = { renewed: 0, failed: 0, canceled: 0, skipped: 0 };
for (;;) {
  const done = await renewDue({ db: handle.db, clock: systemClock }, { limit: RENEW_BATCH });
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += done[key];
  const total = done.renewed + done.failed + done.canceled + done.skipped;
  if (total === 0) break;
}
process.stdout.write(JSON.stringify(totals));
await handle.close();
