import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acledEntry,
  appendHistory,
  crossStraitEntry,
  energyDisruptionEntry,
  energyNewsEntry,
  HISTORY_MAX_ENTRIES_PER_RUN,
  outageDomain,
  outageEntry,
  runEntries,
  safeUrl,
  sanitiseEntry,
  ucdpEntry,
  unrestEntry,
  type HistoryEntry,
} from '../../../../src/services/intelligence/analysis/history-entries.js';
import { MAX_HISTORY_RECORDS } from '../../../../src/services/intelligence/analysis/rules.js';

const DAY = 86_400_000;
const AT = Date.UTC(2026, 10, 20, 12);

const entry = (id: string, occurredAt: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  domain: 'conflict',
  resource: 'acled-intel',
  country: 'UA',
  category: 'Battles',
  title: `Event ${id}`,
  summary: '',
  sourceUrl: '',
  occurredAt,
  ...over,
});

describe('event-to-entry projections', () => {
  it.each([
    {
      name: 'ACLED: composed title, fatalities and source in the summary, ISO country',
      got: acledEntry({
        id: 'acled-UKR123',
        eventType: 'Explosions/Remote violence',
        country: 'Ukraine',
        admin1: 'Kharkiv',
        occurredAt: AT - DAY,
        fatalities: 2,
        actors: ['Military Forces of Russia (2000-)', 'Military Forces of Ukraine (2019-)', 'Third'],
        source: 'Ukrainska Pravda',
      }),
      want: {
        id: 'conflict:acled-intel:acled-UKR123',
        domain: 'conflict',
        resource: 'acled-intel',
        country: 'UA',
        category: 'Explosions/Remote violence',
        title:
          'Explosions/Remote violence — Military Forces of Russia (2000-) vs Military Forces of Ukraine (2019-) — in Kharkiv, Ukraine',
        summary: 'fatalities: 2; source: Ukrainska Pravda',
        sourceUrl: '',
        occurredAt: AT - DAY,
      },
    },
    {
      name: 'ACLED without actors or place: the event type alone',
      got: acledEntry({
        id: 'x',
        eventType: '',
        country: '',
        admin1: '',
        occurredAt: AT,
        fatalities: 0,
        actors: [],
        source: '',
      }),
      want: { title: 'Conflict event', summary: 'fatalities: 0', country: '' },
    },
    {
      name: 'UCDP: violence type as category, deaths and source',
      got: ucdpEntry({
        id: '512345',
        dateStart: AT - 3 * DAY,
        country: 'Sudan',
        sideA: 'Government of Sudan',
        sideB: 'RSF',
        deathsBest: 12,
        violenceType: 'UCDP_VIOLENCE_TYPE_STATE_BASED',
        sourceOriginal: 'Radio Dabanga',
      }),
      want: {
        id: 'conflict:ucdp:512345',
        country: 'SD',
        category: 'state-based',
        title: 'State-based violence — Government of Sudan vs RSF — in Sudan',
        summary: 'deaths (best estimate): 12; source: Radio Dabanga',
        occurredAt: AT - 3 * DAY,
      },
    },
    {
      name: 'unrest: its own headline, kind as category, first link',
      got: unrestEntry({
        id: 'acled-KEN9',
        title: 'Protest in Nairobi',
        summary: 'Teachers marched on parliament.',
        eventType: 'UNREST_EVENT_TYPE_CIVIL_UNREST',
        country: 'Kenya',
        occurredAt: AT,
        fatalities: 1,
        sourceUrls: ['https://example.org/a', 'https://example.org/b'],
      }),
      want: {
        id: 'conflict:unrest:acled-KEN9',
        country: 'KE',
        category: 'civil-unrest',
        summary: 'Teachers marched on parliament.; fatalities: 1',
        sourceUrl: 'https://example.org/a',
      },
    },
    {
      name: 'cross-Strait report: one entry per reporting day, reported by Taiwan',
      got: crossStraitEntry({
        date: '2026-11-19',
        url: 'https://www.mnd.gov.tw/en/news/plaact/86001',
        summary: '21 sorties of PLA aircraft and 7 PLAN vessels',
      }),
      want: {
        id: 'military:cross-strait-activity:2026-11-19',
        domain: 'military',
        country: 'TW',
        title: 'Cross-Strait activity 2026-11-19: 21 sorties of PLA aircraft and 7 PLAN vessels',
        occurredAt: Date.UTC(2026, 10, 19),
      },
    },
    {
      name: 'energy disruption: asset and kind in the title, first source link, supplying country',
      got: energyDisruptionEntry({
        id: 'ns1-sabotage-2022',
        assetId: 'nord_stream_1',
        assetType: 'pipeline',
        eventType: 'sabotage',
        startAt: '2022-09-26',
        shortDescription: 'Underwater explosions ruptured both strings.',
        causeChain: ['explosions', 'seabed_damage'],
        sources: [{ url: 'https://ens.dk/en/press' }],
        countries: ['RU', 'DE'],
      }),
      want: {
        id: 'energy:energy-disruptions:ns1-sabotage-2022',
        domain: 'energy',
        country: 'RU',
        category: 'sabotage',
        title: 'Pipeline sabotage: nord stream 1',
        summary: 'Underwater explosions ruptured both strings. cause: explosions, seabed damage',
        sourceUrl: 'https://ens.dk/en/press',
        occurredAt: Date.UTC(2022, 8, 26),
      },
    },
    {
      name: 'energy news: an energy feed item naming a keyword',
      got: energyNewsEntry({
        source: 'OilPrice.com',
        category: 'energy',
        title: 'Brent climbs as OPEC+ extends cuts',
        link: 'https://oilprice.com/a.html',
        snippet: '',
        publishedAt: AT,
      }),
      want: { domain: 'energy', resource: 'intelligence', category: 'news', sourceUrl: 'https://oilprice.com/a.html' },
    },
    {
      name: 'outage ordered by a government: conflict',
      got: outageEntry({
        id: 'cf-1-IR',
        title: 'Iran: nationwide internet outage',
        link: 'https://x.com/CloudflareRadar/status/1',
        description: 'Shutdown during protests',
        detectedAt: AT,
        countryCode: 'IR',
        cause: 'Government directed',
      }),
      want: {
        id: 'conflict:internet-outages:cf-1-IR',
        domain: 'conflict',
        country: 'IR',
        category: 'government directed',
      },
    },
    {
      name: 'outage from a grid failure: energy',
      got: outageEntry({
        id: 'cf-2-PK',
        title: 'Pakistan',
        link: '',
        description: '',
        detectedAt: AT,
        countryCode: 'PK',
        cause: 'Power outage',
      }),
      want: { id: 'energy:internet-outages:cf-2-PK', domain: 'energy' },
    },
  ])('$name', ({ got, want }) => {
    expect(got).toMatchObject(want);
  });

  it.each([
    ['Government directed', 'conflict'],
    ['MILITARY_ACTION', 'conflict'],
    ['Power outage', 'energy'],
    ['Cable cut', undefined],
    ['Maintenance', undefined],
    ['Weather', undefined],
    ['Technical problem', undefined],
    ['Unknown', undefined],
  ])('an outage caused by %s belongs to %s', (cause, domain) => {
    expect(outageDomain(cause)).toBe(domain);
  });

  it.each([
    ['not an energy feed', { category: 'world', title: 'Oil price jumps' }],
    ['no energy keyword', { category: 'energy', title: 'Markets close higher on Friday' }],
    ['no link', { category: 'energy', title: 'Oil price jumps', link: '' }],
  ])('leaves out news that is %s', (_why, over) => {
    const item = {
      source: 'S',
      category: 'energy',
      title: '',
      link: 'https://a.example.org/x',
      snippet: '',
      publishedAt: AT,
    };
    expect(energyNewsEntry({ ...item, ...over })).toBeUndefined();
  });

  it('keys energy news by link and publication time: the same item twice is one id, a re-dated one another', () => {
    const item = {
      source: 'S',
      category: 'energy',
      title: 'LNG cargo diverted',
      link: 'https://a.org/1',
      snippet: '',
      publishedAt: AT,
    };
    expect(energyNewsEntry(item)!.id).toBe(energyNewsEntry({ ...item, title: 'LNG cargo diverted again' })!.id);
    expect(energyNewsEntry(item)!.id).not.toBe(energyNewsEntry({ ...item, publishedAt: AT + 1 })!.id);
  });

  it('drops a cross-Strait report or a disruption without a readable date', () => {
    expect(crossStraitEntry({ date: 'soon', url: '', summary: '' })).toBeUndefined();
    expect(
      energyDisruptionEntry({
        id: 'a',
        assetId: 'a',
        assetType: 'pipeline',
        eventType: 'war',
        startAt: '',
        shortDescription: '',
        causeChain: [],
        sources: [],
        countries: [],
      }),
    ).toBeUndefined();
  });
});

describe('entry sanitising (the published store limits)', () => {
  it.each([
    ['a javascript: link is dropped', 'javascript:alert(1)', ''],
    ['a data: link is dropped', 'data:text/html,x', ''],
    ['a protocol-relative link is dropped', '//host/path', ''],
    ['an https link is kept', 'https://acleddata.com/x', 'https://acleddata.com/x'],
    ['an http link is kept', 'http://mnd.gov.tw/x', 'http://mnd.gov.tw/x'],
  ])('%s', (_name, url, want) => {
    expect(safeUrl(url)).toBe(want);
  });

  it.each([
    ['no id', entry(' ', AT)],
    ['no title', entry('a', AT, { title: '  ' })],
    ['no finite time', entry('a', Number.NaN)],
    ['an id past 256 characters (an identity is never clipped)', entry('x'.repeat(257), AT)],
  ])('drops an entry with %s', (_name, e) => {
    expect(sanitiseEntry(e)).toBeUndefined();
  });

  it('clips free text and clears a country that is not an ISO code', () => {
    const s = sanitiseEntry(
      entry('a', AT, {
        title: ` ${'t'.repeat(600)} `,
        summary: 's'.repeat(3000),
        category: 'c'.repeat(80),
        country: 'Ukraine',
      }),
    )!;
    expect([s.title.length, s.summary.length, s.category.length, s.country]).toEqual([500, 2000, 64, '']);
  });

  it('a run contributes its newest 150 entries, in a stable order', () => {
    const many = Array.from({ length: 200 }, (_, i) => entry(`e${i}`, AT - i * 1000));
    const run = runEntries([...many].reverse());
    expect(run).toHaveLength(HISTORY_MAX_ENTRIES_PER_RUN);
    expect(run[0]!.id).toBe('e0');
    expect(run.at(-1)!.id).toBe('e149');
    expect(runEntries([undefined, entry('', AT)])).toEqual([]);
  });
});

describe('appending to the archive', () => {
  it('stamps new entries with the run time and keeps the first-seen version of a known id', () => {
    const first = appendHistory([], [entry('a', AT - DAY), entry('b', AT - 2 * DAY)], AT);
    expect(first.appended).toBe(2);
    expect(first.records.map((r) => [r.id, r.ingestedAt])).toEqual([
      ['a', AT],
      ['b', AT],
    ]);
    const later = AT + DAY;
    const second = appendHistory(first.records, [entry('a', AT - DAY, { title: 'revised' }), entry('c', AT)], later);
    expect(second.appended).toBe(1);
    expect(second.records.find((r) => r.id === 'a')).toMatchObject({ title: 'Event a', ingestedAt: AT });
    expect(second.records.find((r) => r.id === 'c')).toMatchObject({ ingestedAt: later });
  });

  it('the same entries again append nothing and change nothing', () => {
    const entries = [entry('a', AT - DAY), entry('b', AT)];
    const first = appendHistory([], entries, AT);
    const again = appendHistory(first.records, entries, AT + DAY);
    expect(again.appended).toBe(0);
    expect(again.records).toEqual(first.records);
  });

  it('ages records out 180 days after ingestion, not after they occurred', () => {
    const old = appendHistory([], [entry('old', AT - 100 * DAY)], AT).records;
    // 179 days later the record occurred 279 days ago but was ingested 179 days ago: kept.
    expect(appendHistory(old, [], AT + 179 * DAY).records.map((r) => r.id)).toEqual(['old']);
    const gone = appendHistory(old, [], AT + 181 * DAY);
    expect(gone.records).toEqual([]);
    expect(gone.expired).toBe(1);
  });

  it('does not add an entry that occurred before the 180-day window', () => {
    const r = appendHistory([], [entry('ancient', AT - 181 * DAY), entry('recent', AT - 179 * DAY)], AT);
    expect(r.records.map((x) => x.id)).toEqual(['recent']);
  });

  it('keeps at most MAX_HISTORY_RECORDS, the newest', () => {
    const previous = Array.from({ length: MAX_HISTORY_RECORDS }, (_, i) => ({
      ...entry(`p${i}`, AT - DAY - i),
      ingestedAt: AT,
    }));
    const r = appendHistory(previous, [entry('new', AT)], AT);
    expect(r.records).toHaveLength(MAX_HISTORY_RECORDS);
    expect(r.records[0]!.id).toBe('new');
    expect(r.expired).toBe(1);
  });

  it('property: ids stay unique, appending is idempotent and nothing is ingested after the run', () => {
    const arbEntry = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      ago: fc.integer({ min: -DAY, max: 200 * DAY }),
    });
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 20 }), fc.array(arbEntry, { maxLength: 20 }), (xs, ys) => {
        const one = appendHistory(
          [],
          xs.map((x) => entry(x.id, AT - x.ago)),
          AT,
        );
        const two = appendHistory(
          one.records,
          ys.map((y) => entry(y.id, AT + DAY - y.ago)),
          AT + DAY,
        );
        const ids = two.records.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(two.records.every((r) => r.ingestedAt <= AT + DAY)).toBe(true);
        const again = appendHistory(
          two.records,
          ys.map((y) => entry(y.id, AT + DAY - y.ago)),
          AT + DAY,
        );
        expect(again.appended).toBe(0);
        expect(again.records).toEqual(two.records);
      }),
    );
  });
});
