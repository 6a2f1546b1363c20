import { FormatError, parseJsonText } from '../formats/errors.js';

/** Israel Home Front Command alert history (recent alerts, one row per locality; served to Israeli addresses). */
export const OREF_HISTORY_URL = 'https://www.oref.org.il/WarningMessages/alert/History/AlertsHistory.json';

export interface OrefHistoryRow {
  /** Epoch ms (the feed's Israel local time resolved to UTC). */
  at: number;
  title: string;
  locality: string;
  category: number;
}

export interface OrefLiveAlert {
  id: string;
  cat: string;
  title: string;
  data: string[];
  desc: string;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** Minutes Israel time is ahead of UTC at instant `t` (2 or 3 hours, by daylight saving). */
function jerusalemOffsetMinutes(t: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Jerusalem',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(t);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - t) / 60_000;
}

/** `YYYY-MM-DD HH:MM:SS` Israel local time -> epoch ms; undefined when malformed. */
export function israelLocalToUtc(s: string): number | undefined {
  const m = LOCAL.exec(s.trim());
  if (!m) return undefined;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  const first = asUtc - jerusalemOffsetMinutes(asUtc) * 60_000;
  return asUtc - jerusalemOffsetMinutes(first) * 60_000;
}

/** AlertsHistory.json -> rows; rows without a readable date or locality are skipped. */
export function parseOrefHistory(input: Buffer | string): OrefHistoryRow[] {
  const doc = parseJsonText('OREF alerts history', input);
  if (!Array.isArray(doc)) throw new FormatError('OREF alerts history', 'expected an array of alerts');
  const out: OrefHistoryRow[] = [];
  for (const r of doc as Record<string, unknown>[]) {
    const at = typeof r?.alertDate === 'string' ? israelLocalToUtc(r.alertDate) : undefined;
    const locality = typeof r?.data === 'string' ? r.data.trim() : '';
    if (at === undefined || !locality) continue;
    out.push({
      at,
      title: typeof r.title === 'string' ? r.title.trim() : '',
      locality,
      category: Number(r.category) || 0,
    });
  }
  return out;
}

/**
 * The current-alert document (`alerts.json`: one object with id, cat, title, data[], desc; an
 * empty body when nothing is active) -> the active alerts.
 */
export function parseOrefLiveAlerts(input: Buffer | string): OrefLiveAlert[] {
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '').trim();
  if (!text) return [];
  const doc = parseJsonText('OREF alerts', text);
  const list = Array.isArray(doc) ? doc : [doc];
  return list.map((a: Record<string, unknown>) => {
    if (!a || typeof a !== 'object' || !Array.isArray(a.data))
      throw new FormatError('OREF alerts', 'an alert has no data list');
    return {
      id: String(a.id ?? ''),
      cat: String(a.cat ?? ''),
      title: String(a.title ?? ''),
      data: a.data.map(String),
      desc: String(a.desc ?? ''),
    };
  });
}
