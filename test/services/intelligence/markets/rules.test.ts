import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  composites,
  DAY,
  extractSignals,
  MAX_SIGNALS,
  rankSignals,
  severityOf,
  theaterOf,
  type Signal,
  type SignalKind,
} from '../../../../src/services/intelligence/markets/rules.js';
import {
  parseModelCards,
  ruleCards,
  factsPrompt,
  MAX_CARDS,
} from '../../../../src/services/intelligence/markets/implication-rules.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const sig = (kind: SignalKind, theater: string, score: number, detectedAt = NOW): Signal => ({
  id: `${kind}:${theater}:${score}`,
  kind,
  theater,
  summary: `${kind} in ${theater}`,
  score,
  detectedAt,
  contributingTypes: [kind],
  signalCount: 1,
});

describe('severity and theaters', () => {
  it.each([
    [0.5, 'LOW'],
    [1.5, 'MEDIUM'],
    [2.49, 'MEDIUM'],
    [2.5, 'HIGH'],
    [3.5, 'CRITICAL'],
    [12, 'CRITICAL'],
  ])('score %d is %s', (score, sev) => expect(severityOf(score)).toBe(sev));

  it.each([
    ['IL', 'Middle East'],
    ['Iran', 'Persian Gulf'],
    ['UA', 'Eastern Europe'],
    ['Taiwan', 'East Asia'],
    ['US', 'North America'],
    ['BR', 'Latin America'],
    ['FR', 'Europe'],
    ['Kenya', 'Horn of Africa'],
    ['ZA', 'Africa'],
    ['AU', 'Asia-Pacific'],
    ['Atlantis', 'Global'],
    [undefined, 'Global'],
  ])('%s is in %s', (country, theater) => expect(theaterOf(country)).toBe(theater));
});

describe('extractors', () => {
  it.each<[string, Parameters<typeof extractSignals>[0], string[]]>([
    [
      'OREF sirens of the last 24 h only',
      {
        now: NOW,
        oref: [
          { at: NOW - 1000, locality: 'A' },
          { at: NOW - 2 * DAY, locality: 'B' },
        ],
      },
      ['OREF_ALERT_CLUSTER:Middle East:3.85'],
    ],
    [
      'VIX from 25, with its factor',
      { now: NOW, commodities: [{ symbol: '^VIX', name: 'VIX', price: 35, changePct: 30, at: NOW }] },
      ['VIX_SPIKE:Global:3'],
    ],
    [
      'an oil shock in the Gulf theater',
      { now: NOW, commodities: [{ symbol: 'CL=F', name: 'WTI', price: 90, changePct: 7.5, at: NOW }] },
      ['COMMODITY_SHOCK:Persian Gulf:3'],
    ],
    [
      'no commodity signal under 5%',
      { now: NOW, commodities: [{ symbol: 'GC=F', name: 'Gold', price: 1, changePct: -4.9, at: NOW }] },
      [],
    ],
    [
      'S&P 500 stress from 2%',
      { now: NOW, indices: [{ symbol: '^GSPC', name: 'S&P 500', changePct: -3, at: NOW }] },
      ['MARKET_STRESS:Global:3'],
    ],
    [
      'unrest needs three events in a day',
      { now: NOW, unrest: [1, 2, 3].map((k) => ({ country: 'Kenya', at: NOW - k * 1000 })) },
      ['UNREST_SURGE:Horn of Africa:3.25'],
    ],
    [
      'two unrest events are not a surge',
      { now: NOW, unrest: [1, 2].map((k) => ({ country: 'Kenya', at: NOW - k * 1000 })) },
      [],
    ],
    [
      'a flight surge at the theater’s elevated count',
      { now: NOW, flights: Array.from({ length: 6 }, () => ({ theater: 'East Asia', elevated: 4, at: NOW })) },
      ['MILITARY_FLIGHT_SURGE:East Asia:4.5'],
    ],
    [
      'a quake from M6.5 in the last day',
      {
        now: NOW,
        quakes: [
          { place: 'off Japan', magnitude: 7.25, at: NOW, country: 'JP' },
          { place: 'x', magnitude: 6.4, at: NOW },
        ],
      },
      ['EARTHQUAKE_SIGNIFICANT:East Asia:3.75'],
    ],
    [
      'a rising instability score',
      {
        now: NOW,
        risk: [
          { country: 'UA', combined: 60, rising: true, at: NOW },
          { country: 'FR', combined: 30, rising: false, at: NOW },
        ],
      },
      ['RISK_SCORE_SPIKE:Eastern Europe:2.5'],
    ],
    [
      'a falling media tone below -1.5',
      {
        now: NOW,
        tone: [
          {
            topic: 'cyber',
            series: [
              { at: NOW - DAY, value: -1 },
              { at: NOW, value: -2 },
            ],
          },
        ],
      },
      ['MEDIA_TONE_DETERIORATION:Global:1.5'],
    ],
    [
      'a chokepoint flow under 70%',
      {
        now: NOW,
        chokepoints: [{ id: 'hormuz_strait', name: 'Hormuz', disruptionScore: 20, flowRatio: 0.5, at: NOW }],
      },
      ['SHIPPING_DISRUPTION:Persian Gulf:2.4'],
    ],
    [
      // 2.5 x min(2, 1 + 60/50) = 5 for the 60 Levant and Iraq cells, 2.5 x (1 + 10/50) = 3 for Ukraine.
      'GPS jamming: high-interference cells per theater, the medium ones left out',
      {
        now: NOW,
        gps: [
          ...Array.from({ length: 40 }, () => ({ region: 'levant', high: true, at: NOW - 1000 })),
          ...Array.from({ length: 20 }, () => ({ region: 'iran-iraq', high: true, at: NOW - 1000 })),
          ...Array.from({ length: 10 }, () => ({ region: 'ukraine-russia', high: true, at: NOW - 1000 })),
          ...Array.from({ length: 30 }, () => ({ region: 'northern-europe', high: false, at: NOW - 1000 })),
        ],
      },
      ['GPS_JAMMING:Middle East:5', 'GPS_JAMMING:Eastern Europe:3'],
    ],
    [
      'GPS jamming: at most three theaters, and nothing from a gpsjam day older than two days',
      {
        now: NOW,
        gps: [
          ...['levant', 'ukraine-russia', 'east-asia', 'southeast-asia'].flatMap((region, k) =>
            Array.from({ length: 5 - k }, () => ({ region, high: true, at: NOW })),
          ),
          { region: 'north-america', high: true, at: NOW - 3 * DAY },
        ],
      },
      ['GPS_JAMMING:Middle East:2.75', 'GPS_JAMMING:Eastern Europe:2.7', 'GPS_JAMMING:East Asia:2.65'],
    ],
    [
      // 1.5 x (1 + 6/50) = 1.68; four extreme fires in Syria are not enough, nor are hot but ordinary ones.
      'wildfire escalation: five or more extreme detections (FRP over 5,000 MW or over 400 K) in a theater',
      {
        now: NOW,
        fires: [
          ...Array.from({ length: 3 }, () => ({
            region: 'Ukraine',
            possibleExplosion: false,
            frp: 6000,
            brightness: 350,
            at: NOW,
          })),
          ...Array.from({ length: 3 }, () => ({
            region: 'Russia',
            possibleExplosion: false,
            frp: 100,
            brightness: 410,
            at: NOW,
          })),
          ...Array.from({ length: 4 }, () => ({
            region: 'Syria',
            possibleExplosion: false,
            frp: 9000,
            brightness: 450,
            at: NOW,
          })),
          ...Array.from({ length: 9 }, () => ({
            region: 'Ukraine',
            possibleExplosion: false,
            frp: 4000,
            brightness: 390,
            at: NOW,
          })),
        ],
      },
      ['WILDFIRE_ESCALATION:Eastern Europe:1.68'],
    ],
    [
      // 1.5 x min(2, 1 + 12/20) = 2.4, in the theater of the most targeted country (Russia: Eastern Europe).
      'sanctions surge: 12 new designations',
      { now: NOW, sanctions: { newEntryCount: 12, topCountry: 'RU', at: NOW } },
      ['SANCTIONS_SURGE:Eastern Europe:2.4'],
    ],
    [
      // 1.5 x min(2, 1 + 40/20) = 3.
      'sanctions surge: 40 new designations, capped factor',
      { now: NOW, sanctions: { newEntryCount: 40, topCountry: 'IR', at: NOW } },
      ['SANCTIONS_SURGE:Persian Gulf:3'],
    ],
    ['sanctions: 4 new designations are not a surge', { now: NOW, sanctions: { newEntryCount: 4, at: NOW } }, []],
  ])('%s', (_, inputs, expected) => {
    expect(extractSignals(inputs).map((s) => `${s.kind}:${s.theater}:${s.score}`)).toEqual(expected);
  });
});

describe('composites and ranking', () => {
  it('a theater with three distinct types becomes a composite; repeats of a type do not count', () => {
    const members = [
      sig('UNREST_SURGE', 'Sahel', 2.5),
      sig('THERMAL_SPIKE', 'Sahel', 3),
      sig('RISK_SCORE_SPIKE', 'Sahel', 2.5),
      sig('RISK_SCORE_SPIKE', 'Sahel', 3),
    ];
    const [c] = composites(members);
    // 4 x min(3, 1 + 3/3) + 0.2 x 11
    expect(c).toMatchObject({
      id: 'composite:sahel',
      score: 10.2,
      signalCount: 4,
      contributingTypes: ['RISK_SCORE_SPIKE', 'THERMAL_SPIKE', 'UNREST_SURGE'],
    });
    expect(composites(members.slice(0, 2))).toEqual([]);
    expect(
      composites([
        sig('VIX_SPIKE', 'Global', 3),
        sig('MARKET_STRESS', 'Global', 3),
        sig('COMMODITY_SHOCK', 'Global', 3),
      ]),
    ).toEqual([]);
  });

  const kinds: SignalKind[] = [
    'UNREST_SURGE',
    'THERMAL_SPIKE',
    'RISK_SCORE_SPIKE',
    'CYBER_ESCALATION',
    'OREF_ALERT_CLUSTER',
    'VIX_SPIKE',
  ];
  const arbSignal = fc
    .record({
      kind: fc.constantFrom(...kinds),
      theater: fc.constantFrom('Sahel', 'Middle East', 'Global', 'East Asia'),
      score: fc.double({ min: 0, max: 8, noNaN: true }),
      at: fc.integer({ min: 0, max: 1e6 }),
    })
    .map((r) => sig(r.kind, r.theater, Math.round(r.score * 100) / 100, r.at));

  it('properties: composites first, then non-increasing scores, at most 30, members from real signals', () => {
    fc.assert(
      fc.property(fc.array(arbSignal, { maxLength: 60 }), (signals) => {
        const ranked = rankSignals(signals);
        expect(ranked.length).toBeLessThanOrEqual(MAX_SIGNALS);
        const firstPlain = ranked.findIndex((s) => s.kind !== 'COMPOSITE_ESCALATION');
        if (firstPlain >= 0)
          expect(ranked.slice(firstPlain).every((s) => s.kind !== 'COMPOSITE_ESCALATION')).toBe(true);
        const plain = ranked.filter((s) => s.kind !== 'COMPOSITE_ESCALATION');
        for (let i = 1; i < plain.length; i++) expect(plain[i - 1]!.score).toBeGreaterThanOrEqual(plain[i]!.score);
        for (const c of composites(signals)) {
          expect(c.contributingTypes.length).toBeGreaterThanOrEqual(3);
          expect(severityOf(c.score)).toBe('CRITICAL');
          expect(c.theater).not.toBe('Global');
        }
      }),
    );
  });
});

describe('market implication cards', () => {
  const facts = {
    signals: [sig('SHIPPING_DISRUPTION', 'Persian Gulf', 4), sig('MILITARY_FLIGHT_SURGE', 'East Asia', 3)],
    moves: [
      { symbol: 'CL=F', name: 'WTI', changePct: 1.2 },
      { symbol: 'GC=F', name: 'Gold', changePct: 0.4 },
    ],
    vix: 32,
  };

  it('fires one labelled card per rule, strongest driver first', () => {
    const cards = ruleCards(facts);
    expect(cards.map((c) => `${c.ticker} ${c.direction}`)).toEqual(['USO LONG', 'ITA LONG', 'SPY HEDGE']);
    for (const c of cards)
      expect(c.narrative.startsWith('[Rule-based card from snapshot facts; not model-written.]')).toBe(true);
  });

  it.each([
    ['an oil sell-off', { signals: [], moves: [{ symbol: 'CL=F', name: 'WTI', changePct: -6 }] }, ['USO SHORT']],
    ['a gold rally', { signals: [], moves: [{ symbol: 'GC=F', name: 'Gold', changePct: 1.5 }] }, ['GLD LONG']],
    ['calm markets', { signals: [], moves: [{ symbol: 'CL=F', name: 'WTI', changePct: 1 }], vix: 14 }, []],
  ])('%s', (_, f, expected) => {
    expect(ruleCards(f).map((c) => `${c.ticker} ${c.direction}`)).toEqual(expected);
  });

  it('quantises numbers in the prompt so that near-identical facts share a cached answer', () => {
    expect(factsPrompt({ ...facts, vix: 32.4 })).toBe(factsPrompt({ ...facts, vix: 31.6 }));
    expect(factsPrompt(facts)).toContain('SHIPPING_DISRUPTION | Persian Gulf | 4 |');
  });

  const valid = {
    ticker: 'TLT',
    direction: 'LONG',
    timeframe: '3M',
    confidence: 'LOW',
    title: 'Duration as a haven',
    narrative: 'Risk-off flows favour long Treasuries.',
    riskCaveat: '',
    driver: 'VIX',
    transmissionChain: [
      { node: 'a', impactType: 'risk_off', logic: 'b' },
      { node: 'c', impactType: 'rates', logic: 'd' },
    ],
  };
  it.each([
    ['a valid card in an array', JSON.stringify([valid]), 1],
    ['a valid card under `cards`, fenced', '```json\n' + JSON.stringify({ cards: [valid] }) + '\n```', 1],
    ['a duplicate ticker', JSON.stringify([valid, valid]), 1],
    ['an unknown direction', JSON.stringify([{ ...valid, direction: 'BUY' }]), 0],
    ['a short title', JSON.stringify([{ ...valid, title: 'x' }]), 0],
    [
      'five chain steps',
      JSON.stringify([{ ...valid, transmissionChain: Array(5).fill(valid.transmissionChain[0]) }]),
      0,
    ],
    [
      'an unknown impact type',
      JSON.stringify([
        { ...valid, transmissionChain: [valid.transmissionChain[0], { node: 'x', impactType: 'vibes', logic: '' }] },
      ]),
      0,
    ],
    ['not JSON', 'Sure! Here are some ideas', 0],
  ])('model answer: %s', (_, text, n) => expect(parseModelCards(text)).toHaveLength(n));

  it('property: never more than five cards, all on allowed tickers, unique', () => {
    const tickers = ['SPY', 'QQQ', 'GLD', 'USO', 'XLE', 'UNG', 'ITA', 'TLT', 'UUP', 'BTC-USD', 'TSLA'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tickers), { maxLength: 12 }), (list) => {
        const cards = parseModelCards(JSON.stringify(list.map((ticker) => ({ ...valid, ticker }))));
        expect(cards.length).toBeLessThanOrEqual(MAX_CARDS);
        expect(new Set(cards.map((c) => c.ticker)).size).toBe(cards.length);
        expect(cards.some((c) => c.ticker === 'TSLA')).toBe(false);
      }),
    );
  });
});
