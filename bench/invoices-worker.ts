// One invoice worker process for the invoices bench: works the `invoices.issue` queue with the
// module's own handler (batches of 200, gapless numbering) until every order has its invoice,
// then prints how many jobs it worked as JSON. "ready" on stdout once it is polling.
// With a third argument `noop`, it works the bench's reference queue instead: the same jobs through
// the same queue, batches and polling, completed without doing anything (the queue's own cost).
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/client';
import { systemClock } from '../src/server/platform/clock';
import { startJobs, stopJobs } from '../src/server/platform/jobs/jobs';
import {
  INVOICE_MAIL_QUEUE,
  INVOICE_QUEUE,
  settleInvoices,
} from '../src/server/modules/invoices/invoices.service';

const [url = '', countText = '0', mode = 'issue'] = process.argv.slice(2);
const count = Number(countText);
const NOOP_QUEUE = 'bench.invoices-noop';
const handle = connectDatabase(url, { max: 4 });
const jobs = await startJobs(url);
await jobs.createQueue(INVOICE_QUEUE);
await jobs.createQueue(INVOICE_MAIL_QUEUE);
await jobs.createQueue(NOOP_QUEUE);
let worked = 0;
await jobs.work<{ orderId: string }>(
  mode === 'noop' ? NOOP_QUEUE : INVOICE_QUEUE,
  { batchSize: 200, pollingIntervalSeconds: 0.1 },
  async (batch) => {
    worked += batch.length;
    if (mode === 'noop') return;
    await settleInvoices({ db: handle.db, clock: systemClock, jobs }, [
      ...new Set(batch.map((job) => job.data.orderId)),
    ]);
  },
);
process.stdout.write('ready\n');
for (;;) {
  const { rows } = await handle.db.execute<{ n: number }>(
    mode === 'noop'
      ? sql`select count(*)::int as n from pgboss.job where name = ${NOOP_QUEUE} and state = 'completed'`
      : sql`select count(*)::int as n from invoices where kind = 'invoice'`,
  );
  if ((rows[0]?.n ?? 0) >= count) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await stopJobs(jobs, 5000);
await handle.close();
process.stdout.write(JSON.stringify({ worked }));
