// `npm run grant-role -- <email> <admin|blog_admin|moderator> [--revoke]`: how the first admin is
// made. Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (a running `npm start` on the
// same DATA_DIR is reached through the port it recorded; otherwise the CLI starts it briefly).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../contracts/enums';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema/users';
import { setUserRole } from '../platform/auth/role-changes';

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

async function main(): Promise<number> {
  const [email, role, flag] = process.argv.slice(2);
  if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
    process.stderr.write(`Usage: npm run grant-role -- <email> <${ROLES.join('|')}> [--revoke]\n`);
    return 2;
  }
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_URL ?? runningEmbeddedUrl(config.DATA_DIR);
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
    url = embedded.url;
    await runMigrations(url);
  }
  const database = connectDatabase(url, { max: 1 });
  try {
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (!user) {
      process.stderr.write(`No account with the email ${email}.\n`);
      return 1;
    }
    // Running servers hear of it at once (their cached sessions and live sockets).
    const granted = flag !== '--revoke';
    await setUserRole(database.db, { userId: user.id, role: role as Role, granted });
    process.stdout.write(
      granted
        ? `${email} now has the ${role} role.\n`
        : `Removed the ${role} role from ${email}.\n`,
    );
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
