import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapNames } from '../../../../src/http/bootstrap.js';
import { BOOTSTRAP_OPERATIONS } from '../../../../src/services/infrastructure/bootstrap/operations.js';
import { naturalEventsDataset } from '../../../../src/services/natural/datasets/natural-events.js';
import { earthquakesDataset } from '../../../../src/services/seismology/datasets/earthquakes.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/infrastructure/v1/get-bootstrap-data';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset, naturalEventsDataset] });
});
afterAll(() => app.close());

describe('name selection', () => {
  it('takes keys in order without duplicates, else a tier, else everything', () => {
    expect(bootstrapNames(BOOTSTRAP_OPERATIONS, ['b', 'a', 'b', ' '], undefined)).toEqual(['b', 'a']);
    expect(bootstrapNames(BOOTSTRAP_OPERATIONS, [], 'fast')).toEqual([]);
    expect(bootstrapNames(BOOTSTRAP_OPERATIONS, undefined, 'fast')).toEqual(
      Object.keys(BOOTSTRAP_OPERATIONS).filter((n) => BOOTSTRAP_OPERATIONS[n].tier === 'fast'),
    );
    expect(bootstrapNames(BOOTSTRAP_OPERATIONS, undefined, undefined)).toEqual(Object.keys(BOOTSTRAP_OPERATIONS));
  });
});

describe('GET get-bootstrap-data', () => {
  it('returns each selected body as a JSON string, the same body the operation gives', async () => {
    const res = await app.get(`${PATH}?keys=earthquakes&keys=naturalEvents,nope`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['earthquakes', 'naturalEvents']);
    expect(typeof res.body.data.naturalEvents).toBe('string');
    expect(JSON.parse(res.body.data.naturalEvents)).toEqual(
      (await app.get('/api/natural/v1/list-natural-events')).body,
    );
    expect(res.body.missing).toEqual(['nope']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('agrees with /api/bootstrap entry for entry', async () => {
    const op = await app.get(`${PATH}?keys=earthquakes,naturalEvents`);
    const platform = await app.get('/api/bootstrap?keys=earthquakes,naturalEvents');
    expect(Object.fromEntries(Object.entries(op.body.data).map(([k, v]) => [k, JSON.parse(v as string)]))).toEqual(
      platform.body.data,
    );
  });

  it('answers the empty request with every name, served or missing', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const names = [...Object.keys(res.body.data), ...res.body.missing];
    expect(names.sort()).toEqual(Object.keys(BOOTSTRAP_OPERATIONS).sort());
    expect(res.body.data).toHaveProperty('earthquakes');
  });

  it('selects a set with tier', async () => {
    const res = await app.get(`${PATH}?tier=fast`);
    expect([...Object.keys(res.body.data), ...res.body.missing].sort()).toEqual(
      bootstrapNames(BOOTSTRAP_OPERATIONS, undefined, 'fast').sort(),
    );
  });

  it('lists entries the caller’s plan refuses as missing', async () => {
    const free = await app.createKey({ plan: 'free', rateLimitPerMinute: 2 });
    const res = await app.get(`${PATH}?keys=earthquakes,naturalEvents,earthquakes`, { 'x-service-key': free.key });
    expect(res.status).toBe(200);
    // The call itself spends one request of the two, the first entry the other.
    expect(Object.keys(res.body.data)).toEqual(['earthquakes']);
    expect(res.body.missing).toEqual(['naturalEvents']);
  });

  it.each([
    ['tier=medium', 'tier'],
    ['tier=fast&keys=earthquakes', 'tier'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${PATH}?${q}`), field));
});
