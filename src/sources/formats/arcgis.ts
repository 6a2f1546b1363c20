import { FormatError, isObject, parseJsonText } from './errors.js';

export interface ArcgisFeature {
  attributes: Record<string, unknown>;
  /** A point geometry; absent for features without one (or with a line / polygon geometry). */
  geometry?: { x: number; y: number };
}

const F = 'ArcGIS';

/**
 * An ArcGIS feature-service query answer (FeatureSet JSON, `f=json`) -> its features. ArcGIS
 * reports failures as `{error: {code, message, details}}` with HTTP 200; that is a FormatError
 * carrying the service's code and message.
 */
export function parseArcgisFeatures(input: Buffer | string): ArcgisFeature[] {
  const doc = parseJsonText(F, input);
  if (!isObject(doc)) throw new FormatError(F, 'document is not an object');
  if (isObject(doc.error)) {
    const { code, message, details } = doc.error;
    const more = Array.isArray(details) && details.length ? ` (${details.map(String).join('; ')})` : '';
    throw new FormatError(F, `service error ${String(code ?? '?')}: ${String(message ?? 'no message')}${more}`);
  }
  if (!Array.isArray(doc.features)) throw new FormatError(F, 'no "features" list (not a FeatureSet)');
  return doc.features.map((f, i) => {
    if (!isObject(f)) throw new FormatError(F, `feature ${i} is not an object`);
    const attributes = f.attributes === undefined || f.attributes === null ? {} : f.attributes;
    if (!isObject(attributes)) throw new FormatError(F, `feature ${i} attributes is not an object`);
    const g = f.geometry;
    const point =
      isObject(g) && typeof g.x === 'number' && typeof g.y === 'number' && Number.isFinite(g.x) && Number.isFinite(g.y);
    return point ? { attributes, geometry: { x: g.x as number, y: g.y as number } } : { attributes };
  });
}

/** Whether the answer was cut at the service's record limit (page on with `resultOffset`). */
export function arcgisExceededTransferLimit(input: Buffer | string): boolean {
  const doc = parseJsonText(F, input);
  return isObject(doc) && doc.exceededTransferLimit === true;
}
