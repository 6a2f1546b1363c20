import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { deploymentStatusOf, regionCentre, regionName, vesselTypeOf } from '../rules.js';
import type { USNIFleetReport } from '../schemas.js';

export const USNI_FLEET = 'military.usni-fleet';
/** Category 4137 is the Fleet and Marine Tracker; the newest post is the current report. */
export const USNI_FLEET_URL = 'https://news.usni.org/wp-json/wp/v2/posts?categories=4137&per_page=1';

const Post = z.object({
  link: z.string(),
  date_gmt: z.string(),
  title: z.object({ rendered: z.string() }),
  content: z.object({ rendered: z.string() }),
});

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  ndash: '–',
  mdash: '—',
};

/** HTML fragment -> plain text: tags dropped, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

const VESSEL = /\b(USNS|USS)\s+([A-Z][A-Za-z.'’ ]*?)\s+\(([A-Z]+(?:-[A-Z]+)?-\d{1,4})\)/g;
const GROUP = /(?:^|\bThe\s+)([A-Z][A-Za-z.'’ ]*?)\s+(Carrier Strike Group|Amphibious Ready Group)\b(?!\s+\d)/;

function battleForce(html: string, warnings: string[]) {
  const table = /<table[\s\S]*?<\/table>/i.exec(html)?.[0];
  const rows = table
    ? [...table.matchAll(/<tr[\s\S]*?<\/tr>/gi)].map((r) =>
        [...r[0].matchAll(/<t[dh][\s\S]*?<\/t[dh]>/gi)].map((c) => htmlText(c[0])),
      )
    : [];
  const figures = rows.find((cells) => cells.length >= 3 && /^\d/.test(cells[0] ?? ''));
  if (!figures) {
    warnings.push('no battle force table');
    return { totalShips: 0, deployed: 0, underway: 0 };
  }
  const first = (s: string | undefined) => Number(/\d+/.exec(s ?? '')?.[0] ?? 0);
  const inParens = (s: string | undefined) => Number(/\((\d+)\)/.exec(s ?? '')?.[1] ?? 0);
  return {
    totalShips: first(figures[0]),
    deployed: first(figures[1]),
    underway: inParens(figures[figures.length - 1]),
  };
}

/** A paragraph -> clauses, so "A is underway; B is in port" gives each ship its own state. */
const clausesOf = (paragraph: string) => paragraph.split(/;\s+|(?<=[a-z)]\.)\s+(?=[A-Z])/);

/** WordPress REST posts JSON (the newest tracker article) -> the parsed fleet report. */
export function parseUsniFleet(bytes: Buffer, readAt: number): USNIFleetReport {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`USNI posts response is not JSON: ${(err as Error).message}`);
  }
  const posts = z.array(z.unknown()).safeParse(json);
  if (!posts.success || posts.data.length === 0) throw new Error('USNI posts response holds no post');
  const post = Post.safeParse(posts.data[0]);
  if (!post.success) throw new Error('USNI post has no link, date, title or content');
  const { link, date_gmt, title, content } = post.data;
  const articleDate = `${date_gmt.replace(/Z$/, '')}Z`;
  const html = content.rendered;
  const warnings: string[] = [];
  const report: USNIFleetReport = {
    articleUrl: link,
    articleDate,
    articleTitle: htmlText(title.rendered),
    battleForceSummary: battleForce(html, warnings),
    vessels: [],
    strikeGroups: [],
    regions: [],
    parsingWarnings: warnings,
    timestamp: readAt,
  };
  const seen = new Set<string>();
  for (const section of html.split(/<h2[^>]*>/i).slice(1)) {
    const [headingHtml, body = ''] = section.split(/<\/h2>/i);
    const region = regionName(htmlText(headingHtml ?? ''));
    if (!region) continue;
    report.regions.push(region);
    const centre = regionCentre(region);
    if (!centre) warnings.push(`no coordinates for region "${region}"`);
    const paragraphs = [...body.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => htmlText(m[1]!));
    const inSection: USNIFleetReport['vessels'] = [];
    for (const clause of paragraphs.flatMap(clausesOf)) {
      for (const m of clause.matchAll(VESSEL)) {
        const hullNumber = m[3]!;
        if (seen.has(hullNumber)) continue;
        seen.add(hullNumber);
        const vessel = {
          name: `${m[1]} ${m[2]!.trim()}`,
          hullNumber,
          vesselType: vesselTypeOf(hullNumber),
          region,
          regionLat: centre?.[0] ?? 0,
          regionLon: centre?.[1] ?? 0,
          deploymentStatus: deploymentStatusOf(clause),
          homePort: '',
          strikeGroup: '',
          activityDescription: clause,
          articleUrl: link,
          articleDate,
        };
        inSection.push(vessel);
        report.vessels.push(vessel);
      }
    }
    const groupClause = paragraphs.flatMap(clausesOf).find((c) => GROUP.test(c));
    const named = groupClause ? GROUP.exec(groupClause) : null;
    if (groupClause && named) {
      const isCarrierGroup = named[2] === 'Carrier Strike Group';
      const anchorType = isCarrierGroup ? 'carrier' : 'amphibious assault ship';
      const escortTypes = isCarrierGroup
        ? ['cruiser', 'destroyer', 'frigate']
        : ['amphibious transport dock', 'dock landing ship'];
      const anchor = inSection.find((v) => v.vesselType === anchorType);
      const escorts = inSection.filter((v) => escortTypes.includes(v.vesselType));
      const name = `${named[1]!.replace(/^The\s+/, '').trim()} ${named[2]}`;
      // Ships listed only by membership sail as their group does.
      const groupStatus = deploymentStatusOf(groupClause);
      const text = paragraphs.join(' ');
      report.strikeGroups.push({
        name,
        carrier: anchor ? `${anchor.name} (${anchor.hullNumber})` : '',
        airWing: /Carrier Air Wing \d+/.exec(text)?.[0] ?? '',
        destroyerSquadron: /Destroyer Squadron \d+/.exec(text)?.[0] ?? '',
        escorts: escorts.map((v) => `${v.name} (${v.hullNumber})`),
      });
      for (const v of [anchor, ...escorts]) {
        if (!v) continue;
        v.strikeGroup = name;
        if (v.deploymentStatus === 'unknown') v.deploymentStatus = groupStatus;
      }
    }
  }
  if (report.vessels.length === 0) throw new Error('USNI tracker article names no ship');
  return report;
}

export const usniFleetDataset: Dataset<USNIFleetReport> = {
  name: USNI_FLEET,
  source: 'USNI News Fleet and Marine Tracker (WordPress REST API)',
  // Published weekly; refreshed every 6 hours.
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 8,
  sources: {
    posts: { url: USNI_FLEET_URL, sample: 'military/usni-fleet-tracker.json' },
  },
  parse(payloads, now) {
    return { records: [parseUsniFleet(payloads.posts!, now)] };
  },
};
