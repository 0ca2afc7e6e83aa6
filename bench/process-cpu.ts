// CPU time of the benched processes, from /proc. On a loaded machine the time a request waits
// measures the queue; the CPU it costs does not, so figures per request hold across load.
import fs from 'node:fs/promises';

/** user + system CPU of these processes in µs (clock ticks of 10 ms; a process gone counts 0). */
export async function cpuUs(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks * 10_000;
}

/** The embedded PostgreSQL's processes: the postmaster (its data directory is the socket's) and its children. */
export async function databasePids(databaseUrl: string): Promise<number[]> {
  const dir = new URL(databaseUrl).searchParams.get('host') ?? '';
  const postmaster = Number((await fs.readFile(`${dir}/postmaster.pid`, 'utf8')).split('\n')[0]);
  const pids = [postmaster];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
      pids.push(Number(entry));
  }
  return pids;
}
