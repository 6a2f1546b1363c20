import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { sdnDataset } from '../../../src/services/sanctions/datasets/sdn.js';
import { parseSdnXml } from '../../../src/sources/ofac/sdn-xml.js';
import { appRouter } from '../../../src/root/app-router.js';
import { procedureEntry } from '../../../src/http/procedure-table.js';

const sample = fs.readFileSync(path.join(SAMPLES_DIR, 'sanctions/ofac-sdn.xml'));
const PRESSURE = '/api/sanctions/v1/list-sanctions-pressure';
const LOOKUP = '/api/sanctions/v1/lookup-sanction-entity';

describe('OFAC SDN XML parser', () => {
  it('reads names, aliases, identifiers, programs and countries', () => {
    const { entries, publishedAt } = parseSdnXml(sample);
    expect(publishedAt).toBe(Date.UTC(2026, 10, 19));
    expect(entries).toHaveLength(91);
    expect(entries.find((e) => e.uid === '41210')).toEqual({
      uid: '41210',
      name: 'KARIMI, Sergei',
      type: 'individual',
      programs: ['RUSSIA-EO14024'],
      aliases: ['Karimi, Sergey'],
      identifiers: [{ type: 'Passport', number: 'A15882090', country: 'Russia' }],
      addressCountries: ['Russia', 'United Arab Emirates'],
      nationalities: ['Russia'],
      vesselFlag: '',
      remarks: '',
    });
    expect(entries.filter((e) => e.type === 'aircraft').map((e) => e.name)).toEqual(['EP-MNF', 'RA-96104']);
  });
  it.each([
    ['HTML', '<html><body>maintenance</body></html>', /OFAC SDN: no <sdnList>/],
    ['JSON', '{"error":"busy"}', /OFAC SDN: not an XML document/],
    ['a list without publish date', '<sdnList><sdnEntry><uid>1</uid></sdnEntry></sdnList>', /Publish_Date/],
  ])('refuses %s', (_n, text, message) => expect(() => parseSdnXml(text)).toThrow(message));
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [sdnDataset] });
});
afterAll(() => app.close());

describe('GET list-sanctions-pressure', () => {
  it('answers the empty request with 25 entries and the top countries and programs', async () => {
    const res = await app.get(PRESSURE);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.entries).toHaveLength(25);
    const names = b.entries.map((e: { name: string }) => e.name);
    expect([...names].sort()).toEqual(names);
    expect(b).toMatchObject({
      totalCount: 91,
      sdnCount: 91,
      consolidatedCount: 0,
      newEntryCount: 0,
      aircraftCount: 2,
      semaCount: 0,
      datasetDate: String(Date.UTC(2026, 10, 19)),
    });
    expect(b.vesselCount).toBe(22);
    expect(b.countries[0]).toMatchObject({ countryCode: 'RU', countryName: 'Russia' });
    expect(b.countries.length).toBeLessThanOrEqual(12);
    expect(b.programs[0]).toEqual({ program: 'RUSSIA-EO14024', entryCount: 30, newEntryCount: 0 });
    expect(b).not.toHaveProperty('semaError');
  });
  it('maps entity types and countries', async () => {
    expect((await app.get(`${PRESSURE}?max_items=60`)).body.entries).toHaveLength(60);
    const all = (await app.get(`${PRESSURE}?max_items=100`)).body.entries;
    expect(all).toHaveLength(60);
    expect(all.find((e: { id: string }) => e.id === 'ofac-sdn:41210')).toEqual({
      id: 'ofac-sdn:41210',
      name: 'KARIMI, Sergei',
      entityType: 'SANCTIONS_ENTITY_TYPE_INDIVIDUAL',
      countryCodes: ['RU', 'AE'],
      countryNames: ['Russia', 'United Arab Emirates'],
      programs: ['RUSSIA-EO14024'],
      sourceLists: ['SDN'],
      effectiveAt: '0',
      isNew: false,
      note: '',
    });
  });
  it.each([
    ['max_items=x', 'max_items'],
    ['max_items=2.5', 'max_items'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${PRESSURE}?${q}`), f));
  it('is a PRO operation', () => {
    expect(procedureEntry(appRouter, 'sanctions.listSanctionsPressure')?.meta).toMatchObject({
      requiredTier: 1,
      cacheTier: 'daily',
    });
    expect(procedureEntry(appRouter, 'sanctions.lookupSanctionEntity')?.meta).toMatchObject({
      ratePolicy: 'lookup-sanction-entity',
      cacheTier: 'no-store',
    });
  });
});

describe('successive editions of the list', () => {
  // The next edition: a week later, one entry added (an Iranian tanker operator), one removed.
  const ADDED = `  <sdnEntry>
    <uid>41990</uid>
    <lastName>ZAGROS SEA SHIPPING CO</lastName>
    <sdnType>Entity</sdnType>
    <programList><program>IRAN-EO13846</program></programList>
    <addressList><address><uid>41991</uid><city>Tehran</city><country>Iran</country></address></addressList>
  </sdnEntry>
</sdnList>`;
  const next = sample
    .toString('utf8')
    .replace('<Publish_Date>11/19/2026</Publish_Date>', '<Publish_Date>11/26/2026</Publish_Date>')
    .replace(/ {2}<sdnEntry>\s*<uid>41055<\/uid>[\s\S]*?<\/sdnEntry>\n/, '')
    .replace('</sdnList>', ADDED);
  const NOV_26 = String(Date.UTC(2026, 10, 26));

  it('marks the entries the new edition added, dated by its publish date, and counts them', async () => {
    await withTestApp({ samples: [sdnDataset] }, async (two) => {
      const run = await two.deps.runner.run(sdnDataset, {
        origin: { kind: 'bytes', payloads: { sdn: Buffer.from(next) } },
      });
      expect(run).toMatchObject({ ok: true, recordCount: 91 });
      const b = (await two.get(`${PRESSURE}?max_items=60`)).body;
      expect(b.newEntryCount).toBe(1);
      expect(b.datasetDate).toBe(NOV_26);
      // New entries come first.
      expect(b.entries[0]).toMatchObject({
        id: 'ofac-sdn:41990',
        name: 'ZAGROS SEA SHIPPING CO',
        isNew: true,
        effectiveAt: NOV_26,
        countryCodes: ['IR'],
      });
      expect(
        b.entries.slice(1).every((e: { isNew: boolean; effectiveAt: string }) => !e.isNew && e.effectiveAt === '0'),
      ).toBe(true);
      expect(b.entries.some((e: { id: string }) => e.id === 'ofac-sdn:41055')).toBe(false);
      // The country and program with a new entry lead their lists.
      expect(b.countries[0]).toMatchObject({ countryCode: 'IR', newEntryCount: 1 });
      expect(b.programs[0]).toMatchObject({ program: 'IRAN-EO13846', newEntryCount: 1 });

      // Fetching the same edition again keeps the marks; the edition after it makes the entry old.
      await two.deps.runner.run(sdnDataset, { origin: { kind: 'bytes', payloads: { sdn: Buffer.from(next) } } });
      expect((await two.get(PRESSURE)).body.newEntryCount).toBe(1);
      const later = next.replace('<Publish_Date>11/26/2026</Publish_Date>', '<Publish_Date>12/03/2026</Publish_Date>');
      await two.deps.runner.run(sdnDataset, { origin: { kind: 'bytes', payloads: { sdn: Buffer.from(later) } } });
      const c = (await two.get(`${PRESSURE}?max_items=60`)).body;
      expect(c.newEntryCount).toBe(0);
      // Still listed since the edition that added it, so it sorts first among the undated.
      expect(c.entries[0]).toMatchObject({ id: 'ofac-sdn:41990', isNew: false, effectiveAt: NOV_26 });
    });
  });
});

describe('GET lookup-sanction-entity', () => {
  const lookup = async (q: string, extra = '') => (await app.get(`${LOOKUP}?q=${encodeURIComponent(q)}${extra}`)).body;
  it('finds an exact name first, from the OFAC list', async () => {
    const b = await lookup('ORIENT METALS OOO');
    expect(b.source).toBe('ofac');
    expect(b.results[0]).toEqual({
      id: 'ofac-sdn:41143',
      name: 'ORIENT METALS OOO',
      entityType: 'vessel',
      countryCodes: ['RU'],
      programs: ['RUSSIA-EO14024'],
    });
    expect(b.total).toBeGreaterThanOrEqual(b.results.length);
  });
  it('finds people by alias spelling and vessels by IMO number', async () => {
    expect((await lookup('Sergey Karimi')).results[0].id).toBe('ofac-sdn:41210');
    expect((await lookup('a15882090')).results[0].id).toBe('ofac-sdn:41210');
    expect((await lookup('RA-96104')).results[0]).toMatchObject({
      entityType: 'aircraft',
      programs: ['RUSSIA-EO14024'],
    });
  });
  it('ranks a prefix and tolerates a typo', async () => {
    const prefix = (await lookup('orient metals')).results.map((r: { name: string }) => r.name);
    // Every whole-word prefix match scores alike (0.9), ties by name.
    expect(prefix.slice(0, 4)).toEqual([
      'ORIENT METALS FZE',
      'ORIENT METALS LIMITED',
      'ORIENT METALS LLC',
      'ORIENT METALS OOO',
    ]);
    expect((await lookup('ORIENT METALLS OOO')).results[0].name).toBe('ORIENT METALS OOO');
  });
  it('answers nothing for too short, too long or unmatched queries', async () => {
    expect(await lookup('x')).toEqual({ results: [], total: 0, source: 'ofac' });
    expect(await lookup('y'.repeat(201))).toEqual({ results: [], total: 0, source: 'ofac' });
    expect((await lookup('zzqqxxj')).results).toEqual([]);
    const res = await app.get(LOOKUP);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], total: 0, source: 'ofac' });
  });
  it('honours max_results', async () => {
    expect((await lookup('trading', '&max_results=2')).results).toHaveLength(2);
    expectViolation(await app.get(`${LOOKUP}?q=ab&max_results=1e1`), 'max_results');
  });
});

describe('live OpenSanctions', () => {
  it('answers from OpenSanctions with a key, and from OFAC when it fails', async () => {
    let fail = false;
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      if (fail) return void res.writeHead(503).end('down');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          results: [
            {
              id: 'NK-abc',
              caption: 'Mahan Air',
              schema: 'Company',
              properties: { name: ['Mahan Air'], country: ['ir'], program: ['IRAN-EO13224'] },
            },
          ],
          total: { value: 7, relation: 'eq' },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await withTestApp(
        { samples: [sdnDataset], config: { OPENSANCTIONS_API_KEY: 'os-key', UPSTREAM_BASE_OVERRIDE: origin } },
        async (live) => {
          const ok = await live.get(`${LOOKUP}?q=mahan`);
          expect(ok.body).toEqual({
            results: [
              {
                id: 'opensanctions:NK-abc',
                name: 'Mahan Air',
                entityType: 'entity',
                countryCodes: ['IR'],
                programs: ['IRAN-EO13224'],
              },
            ],
            total: 7,
            source: 'opensanctions',
          });
          expect(seen[0]).toBe('/search/default?q=mahan&limit=10 ApiKey os-key');
          fail = true;
          const fallback = await live.get(`${LOOKUP}?q=ORIENT%20METALS%20OOO`);
          expect(fallback.body.source).toBe('ofac');
          expect(fallback.body.results[0].id).toBe('ofac-sdn:41143');
          expect(fallback.headers.get('cache-control')).toBe('no-store');
        },
      );
    } finally {
      server.close();
    }
  });
});

describe('without a snapshot', () => {
  it('answers empty and uncacheable', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const p = await empty.get(PRESSURE);
      expect(p.body).toMatchObject({ entries: [], totalCount: 0, fetchedAt: '0' });
      expect(p.headers.get('cache-control')).toBe('no-store');
      expect((await empty.get(`${LOOKUP}?q=orient`)).body).toEqual({ results: [], total: 0, source: 'ofac' });
    });
  });
});

describe('endpoint rate policy', () => {
  it('allows 30 lookups a minute per credential, then 429', async () => {
    await withTestApp({ samples: [sdnDataset], rateLimits: 'real' }, async (limited) => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await limited.get(`${LOOKUP}?q=orient`)).status);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });
});
