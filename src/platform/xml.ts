import { XMLParser } from 'fast-xml-parser';

/**
 * One XML reader configuration for every feed parser: attributes under `@_`, text under `#text`,
 * no entity expansion beyond the XML built-ins (external DTD entities are never resolved).
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

export function parseXml(bytes: Buffer | string): Record<string, unknown> {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (!text.trimStart().startsWith('<')) throw new Error('not an XML document');
  return parser.parse(text) as Record<string, unknown>;
}

/** A node that may be absent, single or repeated, as a list. */
export function asList<T = unknown>(v: unknown): T[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]) as T[];
}

/** The text of a node whether it came as a plain string or as an element with attributes. */
export function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (typeof v === 'object' && '#text' in (v as object)) return String((v as Record<string, unknown>)['#text']);
  return '';
}
