import { parseCsvRows } from './csv.js';
import { FormatError, isObject, parseJsonText } from './errors.js';

export interface SdmxObservation {
  period: string;
  value: number | null;
}

export interface SdmxSeries {
  /** Dimension id -> value id, for every dimension except the time dimension. */
  key: Record<string, string>;
  /** Dimension id -> value name. */
  labels: Record<string, string>;
  /** Data-set and series attributes: attribute id -> value id (or its name when it has no id). */
  attributes: Record<string, string>;
  /** In the order the message lists the time values. */
  observations: SdmxObservation[];
}

interface Value {
  id: string;
  name: string;
}
interface Component {
  id: string;
  values: Value[];
  isTime: boolean;
}

const F = 'SDMX-JSON';

/** SDMX-JSON names are a string (1.0) or a language map (2.0 `names`). */
function nameOf(v: Record<string, unknown>): string {
  const n = v.name ?? v.names;
  if (typeof n === 'string') return n;
  if (isObject(n)) {
    const en = n.en ?? Object.values(n)[0];
    return typeof en === 'string' ? en : '';
  }
  return '';
}

function components(list: unknown, where: string): Component[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new FormatError(F, `${where} is not a list`);
  return list.map((c, i) => {
    if (!isObject(c) || typeof c.id !== 'string') throw new FormatError(F, `${where}[${i}] has no id`);
    const values = Array.isArray(c.values) ? c.values : [];
    const roles = Array.isArray(c.roles) ? c.roles : typeof c.role === 'string' ? [c.role] : [];
    return {
      id: c.id,
      isTime: c.id === 'TIME_PERIOD' || c.id === 'TIME' || roles.some((r) => r === 'time' || r === 'TIME_PERIOD'),
      values: values.map((v) => {
        const o = isObject(v) ? v : {};
        const name = nameOf(o);
        return { id: typeof o.id === 'string' ? o.id : typeof o.value === 'string' ? o.value : name, name };
      }),
    };
  });
}

function valueAt(c: Component, idx: number, where: string): Value {
  const v = c.values[idx];
  if (!Number.isInteger(idx) || !v)
    throw new FormatError(F, `${where} names value ${idx} of ${c.id}, which has ${c.values.length}`);
  return v;
}

function splitKey(key: string, dims: Component[], where: string): number[] {
  const parts = key === '' ? [] : key.split(':').map(Number);
  if (parts.length !== dims.length)
    throw new FormatError(F, `${where} key "${key}" has ${parts.length} positions for ${dims.length} dimensions`);
  return parts;
}

function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function readAttributes(defs: Component[], idxs: unknown, into: Record<string, string>, where: string): void {
  if (!Array.isArray(idxs)) return;
  defs.forEach((def, i) => {
    const idx = idxs[i];
    if (idx === null || idx === undefined) return;
    const v = valueAt(def, Number(idx), `${where} attribute ${def.id}`);
    into[def.id] = v.id || v.name;
  });
}

/**
 * An SDMX-JSON data message (1.0 `{dataSets, structure}` or 2.0 `{data: {dataSets, structures}}`,
 * as BIS, ECB and IMF send it) -> one series per combination of non-time dimension values. Both
 * the series layout (`series["0:1"].observations["3"]`) and the flat layout
 * (`observations["0:1:3"]`) are read; non-time dimensions at observation level become part of
 * the series key.
 */
export function parseSdmxJson(input: Buffer | string): SdmxSeries[] {
  const doc = parseJsonText(F, input);
  if (!isObject(doc)) throw new FormatError(F, 'document is not an object');
  if (isObject(doc.error) || Array.isArray(doc.errors)) {
    const e = isObject(doc.error) ? doc.error : (doc.errors as unknown[])[0];
    const msg = isObject(e) ? String(e.message ?? e.title ?? JSON.stringify(e)) : String(e);
    throw new FormatError(F, `upstream reported an error: ${msg}`);
  }
  const root = isObject(doc.data) ? doc.data : doc;
  if (!Array.isArray(root.dataSets)) throw new FormatError(F, 'no dataSets list (not an SDMX-JSON data message)');
  if (root.dataSets.length === 0) return [];
  const ds = root.dataSets[0];
  if (!isObject(ds)) throw new FormatError(F, 'dataSets[0] is not an object');
  const structures = Array.isArray(root.structures) ? root.structures : [];
  const structure = isObject(root.structure)
    ? root.structure
    : structures[typeof ds.structure === 'number' ? ds.structure : 0];
  if (!isObject(structure) || !isObject(structure.dimensions))
    throw new FormatError(F, 'no structure.dimensions describing the keys');
  const seriesDims = components(structure.dimensions.series, 'structure.dimensions.series');
  const obsDims = components(structure.dimensions.observation, 'structure.dimensions.observation');
  const attrs = isObject(structure.attributes) ? structure.attributes : {};
  const dataSetAttrDefs = components(attrs.dataSet, 'structure.attributes.dataSet');
  const seriesAttrDefs = components(attrs.series, 'structure.attributes.series');
  let timeAt = obsDims.findIndex((d) => d.isTime);
  if (timeAt < 0 && obsDims.length > 0) timeAt = obsDims.length - 1;

  const common: Record<string, string> = {};
  readAttributes(dataSetAttrDefs, ds.attributes, common, 'dataSet');

  const out = new Map<string, SdmxSeries>();
  const seriesFor = (keyIdx: number[], keyDims: Component[], where: string, seriesAttrs: Record<string, string>) => {
    const key: Record<string, string> = {};
    const labels: Record<string, string> = {};
    keyDims.forEach((d, i) => {
      const v = valueAt(d, keyIdx[i], where);
      key[d.id] = v.id;
      labels[d.id] = v.name;
    });
    const id = JSON.stringify(key);
    let s = out.get(id);
    if (!s) {
      s = { key, labels, attributes: { ...common, ...seriesAttrs }, observations: [] };
      out.set(id, s);
    }
    return s;
  };
  const addObservations = (
    observations: unknown,
    seriesIdx: number[],
    seriesAttrs: Record<string, string>,
    where: string,
  ) => {
    if (observations === undefined) return;
    if (!isObject(observations)) throw new FormatError(F, `${where}.observations is not an object`);
    const entries = Object.entries(observations)
      .map(([k, v]) => ({ idx: splitKey(k, obsDims, `${where} observation`), v }))
      .sort((a, b) => (a.idx[timeAt] ?? 0) - (b.idx[timeAt] ?? 0));
    for (const { idx, v } of entries) {
      const extraDims = obsDims.filter((_, i) => i !== timeAt);
      const extraIdx = idx.filter((_, i) => i !== timeAt);
      const s = seriesFor([...seriesIdx, ...extraIdx], [...seriesDims, ...extraDims], where, seriesAttrs);
      const period = timeAt >= 0 ? valueAt(obsDims[timeAt], idx[timeAt], `${where} observation`).id : '';
      s.observations.push({ period, value: numberOf(Array.isArray(v) ? v[0] : v) });
    }
  };

  if (isObject(ds.series)) {
    for (const [k, raw] of Object.entries(ds.series)) {
      if (!isObject(raw)) throw new FormatError(F, `series "${k}" is not an object`);
      const idx = splitKey(k, seriesDims, 'series');
      const sa: Record<string, string> = {};
      readAttributes(seriesAttrDefs, raw.attributes, sa, `series "${k}"`);
      if (raw.observations === undefined) seriesFor(idx, seriesDims, `series "${k}"`, sa);
      addObservations(raw.observations, idx, sa, `series "${k}"`);
    }
  } else if (isObject(ds.observations)) {
    // Flat layout: every dimension sits at observation level.
    addObservations(ds.observations, [], {}, 'dataSet');
  } else if (ds.series !== undefined || ds.observations !== undefined) {
    throw new FormatError(F, 'dataSets[0].series / observations is not an object');
  }
  return [...out.values()];
}

export interface SdmxCsvOptions {
  /** Columns the caller needs besides TIME_PERIOD and OBS_VALUE (e.g. REF_AREA); all missing ones are named in the error. */
  requiredColumns?: string[];
}

/**
 * SDMX-CSV (one observation per row, dimension columns plus TIME_PERIOD and OBS_VALUE) -> records
 * keyed by column id. Column headers of the form `FREQ: Frequency` keep only the id.
 */
export function parseSdmxCsv(input: Buffer | string, opts: SdmxCsvOptions = {}): Record<string, string>[] {
  const rows = parseCsvRows(input);
  if (rows.length === 0) throw new FormatError('SDMX-CSV', 'empty document, expected a header row');
  const ids = rows[0].map((h) => h.split(':')[0].trim());
  const missing = [...(opts.requiredColumns ?? []), 'TIME_PERIOD', 'OBS_VALUE'].filter(
    (c, i, all) => !ids.includes(c) && all.indexOf(c) === i,
  );
  if (missing.length)
    throw new FormatError(
      'SDMX-CSV',
      `no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''} (columns: ${ids.join(', ')})`,
    );
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new FormatError('SDMX-CSV', `column ${id} appears twice in the header`);
    seen.add(id);
  }
  return rows.slice(1).map((r, i) => {
    if (r.length !== ids.length)
      throw new FormatError('SDMX-CSV', `row ${i + 2} has ${r.length} cells for ${ids.length} columns`);
    return Object.fromEntries(ids.map((id, j) => [id, r[j]]));
  });
}
