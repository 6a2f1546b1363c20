import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { redactorFor } from '../../src/platform/secrets.js';
import { startTestApp, tempDbFile } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

describe('DATABASE_URL', () => {
  it('accepts postgres:// and postgresql:// URLs, treats empty as unset, and refuses anything else by name', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/mds' }).DATABASE_URL).toBe('postgres://u:p@db:5432/mds');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/mds' }).DATABASE_URL).toBe('postgresql://db/mds');
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/mds' })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('unset: snapshots stay in the SQLite file, nothing else is needed', () => {
    const deps = createDeps(testConfig({ DATABASE_PATH: tempDbFile() }));
    try {
      expect(deps.store.backend.engine).toBe('sqlite');
      expect(deps.stores.engine).toBe('sqlite');
    } finally {
      deps.db.$client.close();
    }
  });

  it('its password is redacted like any credential, wherever it appears', () => {
    const redact = redactorFor(testConfig({ DATABASE_URL: 'postgres://mds:s3cr%2Ft-pass@db.internal:5432/mds' }));
    expect(redact('connect failed for mds:s3cr/t-pass@db.internal')).toBe(
      'connect failed for mds:[redacted]@db.internal',
    );
    expect(redact('postgres://mds:s3cr%2Ft-pass@db.internal')).not.toContain('s3cr');
  });
});

describe('the suite on PostgreSQL (MDS_TEST_POSTGRES=1)', () => {
  it("puts a test app's snapshots in a fresh PostgreSQL database and serves them", async () => {
    const saved = process.env.MDS_TEST_POSTGRES;
    process.env.MDS_TEST_POSTGRES = '1';
    try {
      const app = await startTestApp({ samples: [earthquakesDataset] });
      try {
        expect(app.deps.store.backend.engine).toBe('postgres');
        // Every other store too: the registry resolved each of them on PostgreSQL.
        expect(app.deps.stores.engine).toBe('postgres');
        expect(app.deps.config.DATABASE_URL).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/app_\d+_\d+$/);
        const res = await app.get('/api/seismology/v1/list-earthquakes');
        expect(res.status).toBe(200);
        expect(res.body.earthquakes.length).toBeGreaterThan(0);
      } finally {
        await app.close();
      }
    } finally {
      if (saved === undefined) delete process.env.MDS_TEST_POSTGRES;
      else process.env.MDS_TEST_POSTGRES = saved;
    }
  });
});
