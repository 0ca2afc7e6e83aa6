import { ConfigError, loadConfig, type Config } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { mailDestination } from './modules/dev-mailbox/dev-mailbox.routes';
import { chooseLogFormat } from './platform/http/logging';
import { startServer } from './server';

function printBanner(config: Config, seeded: string[], mailer: 'smtp' | 'captured'): void {
  const lines = [
    '',
    `  ${config.APP_NAME} is running at ${config.PUBLIC_URL}`,
    `  API docs: ${config.PUBLIC_URL}/api/docs · health: ${config.PUBLIC_URL}/api/health`,
    `  Database: ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.DATA_DIR}`}`,
    `  Mail: ${mailDestination(config, mailer)}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(
      `  Demo accounts (password "${DEMO_PASSWORD}")${seeded.length ? '' : ', already seeded'}:`,
    );
    for (const account of DEMO_ACCOUNTS) {
      lines.push(
        `    ${account.key.padEnd(10)} ${account.email}${account.roles.length ? ` (${account.roles.join(', ')})` : ''}`,
      );
    }
  }
  lines.push('  Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n') + '\n');
}

let logLevel: Config['LOG_LEVEL'] = 'info';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    logLevel = config.LOG_LEVEL;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `${error.message}\n\nSee README.md "Configuration" for every variable and its default.\n`,
      );
      process.exit(1);
    }
    throw error;
  }

  const server = await startServer(config, {
    log: (line) => process.stdout.write(`${line}\n`),
    logFormat: chooseLogFormat(config, process.stdout),
  });
  printBanner(config, server.seeded, server.mailer);

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      process.stderr.write(`Second ${signal}: exiting now.\n`);
      process.exit(1);
    }
    server.app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5000);
    timer.unref();
    server.shutdown().then(
      () => {
        process.stdout.write('Stopped cleanly.\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  // The message is what a person needs; the stack only helps us (LOG_LEVEL=debug shows it).
  const detail =
    error instanceof Error ? (logLevel === 'debug' ? error.stack : error.message) : String(error);
  process.stderr.write(`Failed to start: ${detail}\n`);
  process.exit(1);
});
