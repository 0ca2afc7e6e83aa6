import { describe, expect, it } from 'vitest';
import { postgresSettings } from './embedded';

describe('embedded PostgreSQL settings', () => {
  it('keeps PostgreSQL durable defaults unless the cluster is a throwaway one', () => {
    for (const options of [{}, { throwaway: false }, { socketDir: '/data/postgres' }]) {
      const settings = postgresSettings(options);
      expect(
        settings.filter((s) => /^(fsync|synchronous_commit|full_page_writes)=/.test(s)),
      ).toEqual([]);
    }
    expect(postgresSettings({ socketDir: '/data/postgres' })).toEqual([
      'listen_addresses=127.0.0.1',
      'unix_socket_directories=/data/postgres',
    ]);
  });

  it('turns the flush to disk off for a throwaway cluster', () => {
    expect(postgresSettings({ throwaway: true })).toEqual([
      'listen_addresses=127.0.0.1',
      'unix_socket_directories=',
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
    ]);
  });
});
