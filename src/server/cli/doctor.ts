// `npm run doctor [-- --json]`: checks that every number the product keeps agrees with the rows it
// counts (src/server/platform/invariants, decision 044) and reports each one that does not, with
// a few example ids. What an operator runs after a crash or a restore. It changes nothing: one
// read-only transaction, no migrations. Exit code 0 when all hold, 1 when any does not, 2 when
// it could not check.
//
// Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: a running `npm start` on the same
// DATA_DIR is reached through the port it recorded; otherwise the CLI starts it briefly.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { checkInvariants, formatInvariantReport } from '../platform/invariants/check';

function runningEmbeddedUrl(dataDir: string): string | undefined {
  const file = path.join(dataDir, 'postgres.url');
  const pidFile = path.join(dataDir, 'server.pid');
  if (!existsSync(file) || !existsSync(pidFile)) return undefined;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 0);
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Where the report says it looked, without the password. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.searchParams.get('host') ?? parsed.host;
    return `${parsed.pathname.slice(1) || 'postgres'} on ${host}`;
  } catch {
    return 'the database';
  }
}

async function main(): Promise<number> {
  const json = process.argv.slice(2).includes('--json');
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_URL ?? runningEmbeddedUrl(config.DATA_DIR);
  if (!url) {
    // Starting PostgreSQL on an existing cluster changes no data; creating one would.
    if (!existsSync(path.join(config.DATA_DIR, 'postgres', 'PG_VERSION'))) {
      process.stderr.write(
        `No database to check: set DATABASE_URL, or DATA_DIR to the folder \`npm start\` uses (now ${config.DATA_DIR}).\n`,
      );
      return 2;
    }
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
    url = embedded.url;
  }
  const database = connectDatabase(url, { max: 1 });
  try {
    const report = await checkInvariants(database.db);
    if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      process.stdout.write(`Checking ${describe(url)} (read-only)\n`);
      process.stdout.write(formatInvariantReport(report));
    }
    return report.failed.length === 0 ? 0 : 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
