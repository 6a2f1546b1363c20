import type { z } from 'zod';
import type { Violation } from './errors.js';
import { closestName } from './query-params.js';

/** The parts of zod's definition this walk reads (zod 4's `_zod.def`). */
export interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Through the wrappers that do not change which fields an object has (optional, default, pipe…): the definition underneath. */
export function unwrapSchema(schema: unknown): Def | undefined {
  let def = defOf(schema);
  for (let i = 0; def && i < 16; i++) {
    if (
      def.innerType &&
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)
    )
      def = defOf(def.innerType);
    else if (def.type === 'pipe' && def.in) def = defOf(def.in);
    else break;
  }
  return def;
}

/**
 * Fields of a JSON body its schema does not declare, at any depth, each named by its path with the
 * closest declared name: zod would drop them silently, so a misspelt field would fall back to a
 * default. Objects that accept any field (a catchall, records) and unions are not looked into.
 */
export function unknownFields(schema: unknown, value: unknown, path = ''): Violation[] {
  const def = unwrapSchema(schema);
  if (!def || value === null || typeof value !== 'object') return [];
  if (def.type === 'array' && Array.isArray(value))
    return value.flatMap((item, i) => unknownFields(def.element, item, `${path}[${i}]`));
  if (def.type !== 'object' || !def.shape || Array.isArray(value)) return [];
  const shape = def.shape;
  const open = def.catchall !== undefined && defOf(def.catchall)?.type !== 'never';
  const known = Object.keys(shape);
  const out: Violation[] = [];
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (Object.hasOwn(shape, key))
      out.push(...unknownFields(shape[key], (value as Record<string, unknown>)[key], field));
    else if (!open) {
      const guess = closestName(key, known);
      out.push({
        field,
        description: `unknown field${guess ? `; did you mean ${guess}?` : ''} (${known.length ? `accepted: ${known.join(', ')}` : 'no fields are accepted here'})`,
      });
    }
  }
  return out;
}
