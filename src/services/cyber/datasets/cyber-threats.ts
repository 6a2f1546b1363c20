import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../reference/countries.js';
import { parseCsvRows } from '../../../sources/formats/csv.js';
import { abuseChTime, bySeverityThenRecency, feodoSeverity, isIpv4, urlhausSeverity } from '../rules.js';
import type { CyberThreat } from '../schemas.js';

export const CYBER_THREATS = 'cyber.threats';

const located = (cc: string | null | undefined) => {
  const c = cc ? countryByCode(cc) : undefined;
  return c && cc!.length === 2
    ? { country: c.alpha2, location: { latitude: c.lat, longitude: c.lon } }
    : { country: '' };
};

function json(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
}

const FeodoEntry = z.object({
  ip_address: z.string(),
  port: z.union([z.number(), z.string()]).optional(),
  status: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  first_seen: z.string().nullable().optional(),
  last_online: z.string().nullable().optional(),
  malware: z.string().nullable().optional(),
  as_name: z.string().nullable().optional(),
});

/** Feodo Tracker botnet C2 blocklist (JSON array). */
export function parseFeodo(bytes: Buffer): CyberThreat[] {
  const list = json(bytes, 'Feodo Tracker blocklist');
  if (!Array.isArray(list)) throw new Error('Feodo Tracker blocklist is not an array');
  const out: CyberThreat[] = [];
  for (const raw of list) {
    const e = FeodoEntry.safeParse(raw);
    if (!e.success || !isIpv4(e.data.ip_address.trim())) continue;
    const ip = e.data.ip_address.trim();
    const first = abuseChTime(e.data.first_seen);
    const last = abuseChTime(e.data.last_online);
    if (!Number.isFinite(first)) continue;
    out.push({
      id: `feodo:${ip}`,
      type: 'CYBER_THREAT_TYPE_C2_SERVER',
      source: 'CYBER_THREAT_SOURCE_FEODO',
      indicator: ip,
      indicatorType: 'CYBER_THREAT_INDICATOR_TYPE_IP',
      ...located(e.data.country),
      severity: feodoSeverity(e.data.status ?? ''),
      malwareFamily: (e.data.malware ?? '').trim(),
      tags: ['botnet', 'c2', ...(e.data.port !== undefined ? [`port:${e.data.port}`] : [])],
      firstSeenAt: first,
      lastSeenAt: Number.isFinite(last) ? Math.max(first, last) : first,
    });
  }
  return out;
}

const UrlhausEntry = z.object({
  url: z.string().min(1),
  url_status: z.string().nullable().optional(),
  host: z.string().nullable().optional(),
  date_added: z.string(),
  threat: z.string().nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
});
const UrlhausRecent = z.object({ query_status: z.string(), urls: z.array(z.unknown()).optional() });

/** File-type and architecture tags say nothing about the malware family. */
const GENERIC_TAGS =
  /^(exe|elf|dll|zip|rar|doc|docx|xls|js|vbs|ps1|sh|bat|apk|msi|iso|lnk|hta|32-bit|64-bit|arm|arm7|mips|mipsel|x86|x86-64|ascii|encrypted|opendir|payload|dropped-by-.*|.*-bit)$/i;

/** URLhaus "recent URLs" API response. */
export function parseUrlhaus(bytes: Buffer): CyberThreat[] {
  const doc = UrlhausRecent.safeParse(json(bytes, 'URLhaus response'));
  if (!doc.success) throw new Error('URLhaus response has an unexpected shape');
  if (doc.data.query_status !== 'ok' && doc.data.query_status !== 'no_results')
    throw new Error(`URLhaus query failed: ${doc.data.query_status}`);
  const out: CyberThreat[] = [];
  for (const raw of doc.data.urls ?? []) {
    const e = UrlhausEntry.safeParse(raw);
    if (!e.success) continue;
    const added = abuseChTime(e.data.date_added);
    if (!Number.isFinite(added)) continue;
    const tags = (e.data.tags ?? []).map((t) => t.trim()).filter(Boolean);
    const phishing = tags.some((t) => /phish/i.test(t)) || /phish/i.test(e.data.threat ?? '');
    const type: CyberThreat['type'] = phishing
      ? 'CYBER_THREAT_TYPE_PHISHING'
      : e.data.threat === 'malware_download'
        ? 'CYBER_THREAT_TYPE_MALWARE_HOST'
        : 'CYBER_THREAT_TYPE_MALICIOUS_URL';
    out.push({
      id: `urlhaus:${e.data.url}`,
      type,
      source: 'CYBER_THREAT_SOURCE_URLHAUS',
      indicator: e.data.url,
      indicatorType: 'CYBER_THREAT_INDICATOR_TYPE_URL',
      country: '',
      severity: urlhausSeverity(e.data.url_status ?? '', type),
      malwareFamily: tags.find((t) => !GENERIC_TAGS.test(t)) ?? '',
      tags,
      firstSeenAt: added,
      lastSeenAt: added,
    });
  }
  return out;
}

/**
 * C2IntelFeeds CSV (`#ip,ioc` then `address,description`); the commented header and any row
 * without an IPv4 address are skipped. The feed carries no times, so the entries are stamped with
 * the ingestion time: they were listed as active when it was read.
 */
export function parseC2Intel(bytes: Buffer, now: number): CyberThreat[] {
  const out: CyberThreat[] = [];
  for (const [first = '', ...rest] of parseCsvRows(bytes, { relaxColumnCount: true })) {
    const ip = first.trim();
    if (!isIpv4(ip)) continue;
    // An unquoted comma inside the description splits it; put it back together as written.
    const ioc = rest.join(',').trim();
    const family = /possible\s+(.+?)\s+c2/i.exec(ioc)?.[1] ?? '';
    out.push({
      id: `c2intel:${ip}`,
      type: 'CYBER_THREAT_TYPE_C2_SERVER',
      source: 'CYBER_THREAT_SOURCE_C2INTEL',
      indicator: ip,
      indicatorType: 'CYBER_THREAT_INDICATOR_TYPE_IP',
      country: '',
      severity: 'CRITICALITY_LEVEL_HIGH',
      malwareFamily: family,
      tags: ioc ? [ioc] : [],
      firstSeenAt: now,
      lastSeenAt: now,
    });
  }
  return out;
}

export const cyberThreatsDataset: Dataset<CyberThreat> = {
  name: CYBER_THREATS,
  source: 'abuse.ch Feodo Tracker and URLhaus; C2IntelFeeds',
  kind: 'live',
  maxStaleMinutes: 240,
  sources: {
    feodo: { url: 'https://feodotracker.abuse.ch/downloads/ipblocklist.json', sample: 'cyber/feodo-ipblocklist.json' },
    urlhaus: {
      url: 'https://urlhaus-api.abuse.ch/v1/urls/recent/limit/1000/',
      sample: 'cyber/urlhaus-recent.json',
      optional: true,
    },
    c2intel: {
      url: 'https://raw.githubusercontent.com/drb-ra/C2IntelFeeds/master/feeds/IPC2s-30day.csv',
      sample: 'cyber/c2intel-ipc2s-30day.csv',
      optional: true,
    },
  },
  parse(payloads, now) {
    const feodo = parseFeodo(payloads.feodo!);
    const urlhaus = payloads.urlhaus ? parseUrlhaus(payloads.urlhaus) : [];
    const c2intel = payloads.c2intel ? parseC2Intel(payloads.c2intel, now) : [];
    const seen = new Set<string>();
    const records = [...feodo, ...urlhaus, ...c2intel].filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
    records.sort(bySeverityThenRecency);
    return { records, info: { feodo: feodo.length, urlhaus: urlhaus.length, c2intel: c2intel.length } };
  },
};
