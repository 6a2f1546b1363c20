import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { FormatError, isObject, parseJsonText } from '../../../../sources/formats/errors.js';
import {
  docApiUrl,
  docJson,
  parseArtList,
  parseTimeline,
  type DocArticle,
  type DocMode,
  type DocPoint,
} from '../../../../sources/gdelt/doc-api.js';

export const GDELT_TOPICS = 'intelligence.gdelt-topics';

/** The six watched topics and the DOC API query each runs, in lookup order. */
export const GDELT_TOPIC_QUERIES = {
  military: '(military OR army OR navy OR troops OR "air defence" OR "air defense")',
  cyber: '(cyberattack OR ransomware OR hackers OR "cyber attack" OR vulnerability)',
  nuclear: '(nuclear OR uranium OR IAEA OR enrichment)',
  sanctions: '(sanctions OR embargo OR "price cap")',
  intelligence: '(espionage OR spy OR "intelligence agency" OR sabotage)',
  maritime: '(shipping OR tanker OR maritime OR "coast guard" OR vessel)',
} as const;

export type GdeltTopic = keyof typeof GDELT_TOPIC_QUERIES;
export const GDELT_TOPIC_IDS = Object.keys(GDELT_TOPIC_QUERIES) as GdeltTopic[];

export interface TopicCoverage {
  topic: GdeltTopic;
  /** Last 24 hours of matching articles, newest first. */
  articles: DocArticle[];
  /** Daily average tone and volume intensity over 14 days, oldest first. */
  tone: DocPoint[];
  vol: DocPoint[];
}

const MODES: DocMode[] = ['artlist', 'timelinetone', 'timelinevol'];

/**
 * `{ capturedAt, topics: { <topic>: { artlist, timelinetone, timelinevol } } }`, each value the DOC
 * API's JSON as received -> one row per topic. A topic missing from the payload has no row.
 */
export function parseGdeltTopics(input: Buffer | string): TopicCoverage[] {
  const doc = parseJsonText('GDELT topics', input);
  if (!isObject(doc) || !isObject(doc.topics)) throw new FormatError('GDELT topics', 'expected a topics object');
  const topics = doc.topics;
  return GDELT_TOPIC_IDS.filter((t) => isObject(topics[t])).map((topic) => {
    const t = topics[topic] as Record<string, unknown>;
    const seen = new Set<string>();
    const articles = parseArtList(t.artlist ?? {})
      .filter((a) => !seen.has(a.url) && seen.add(a.url))
      .sort((a, b) => b.seenAt - a.seenAt);
    return { topic, articles, tone: parseTimeline(t.timelinetone ?? {}), vol: parseTimeline(t.timelinevol ?? {}) };
  });
}

export const gdeltTopicsDataset: Dataset<TopicCoverage> = {
  name: GDELT_TOPICS,
  source: 'GDELT DOC 2.0 API',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    doc: {
      url: docApiUrl(GDELT_TOPIC_QUERIES.military, 'artlist'),
      sample: 'intelligence/gdelt-doc-topics.requests.json',
      headers: () => ({ accept: 'application/json' }),
      // Eighteen requests: three modes for each topic, gathered in the capture's shape.
      fetch: async (get, { now }) => {
        const topics: Record<string, Record<string, unknown>> = {};
        for (const topic of GDELT_TOPIC_IDS) {
          topics[topic] = {};
          for (const mode of MODES)
            topics[topic][mode] = docJson(await get(docApiUrl(GDELT_TOPIC_QUERIES[topic], mode)));
        }
        return Buffer.from(JSON.stringify({ capturedAt: new Date(now).toISOString(), topics }));
      },
    },
  },
  parse(payloads) {
    return { records: parseGdeltTopics(payloads.doc!), info: {} };
  },
};
