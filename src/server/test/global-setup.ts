import { withDatabase } from '../db/client';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { startJobs, stopJobs } from '../platform/jobs/jobs';
import { TEMPLATE_DATABASE, withAdminClient } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

/**
 * One real PostgreSQL per test run. A template database is migrated once (job-queue schema
 * included); each test file clones it, which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-test-'));
  const server = await startEmbeddedPostgres({ dataDir, throwaway: true });
  const serverUrl = withDatabase(server.url, 'postgres');

  await withAdminClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await client.query(`create database ${TEMPLATE_DATABASE}`);
  });
  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE);
  await runMigrations(templateUrl);
  await stopJobs(await startJobs(templateUrl), 5000);

  project.provide('databaseServerUrl', serverUrl);
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
