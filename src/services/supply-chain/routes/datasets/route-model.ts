import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import type { Snapshot } from '../../../../platform/snapshots/store.js';

export const ROUTE_MODEL = 'supply-chain.route-model';

export const CARGO_TYPES = ['container', 'tanker', 'bulk', 'roro'] as const;
export type CargoType = (typeof CARGO_TYPES)[number];
export const ROUTE_CATEGORIES = ['container', 'energy', 'bulk'] as const;
export const CORRIDOR_TYPES = ['alternative_sea_route', 'land_bridge', 'modal_shift', 'pipeline'] as const;

const Point = z
  .object({ lat: z.number(), lon: z.number() })
  .refine((p) => isValidCoordinate(p.lat, p.lon), 'invalid position');
const Iso2 = z.string().regex(/^[A-Z]{2}$/);

const Port = z.object({ id: z.string().min(1), name: z.string().min(1), iso2: Iso2, lat: z.number(), lon: z.number() });
const Route = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  category: z.enum(ROUTE_CATEGORIES),
  fromPort: z.string(),
  toPort: z.string(),
  waypoints: z.array(z.string()),
  transitDays: z.tuple([z.number().min(0), z.number().min(0)]),
});
const Country = z.object({ iso2: Iso2, nearestRouteIds: z.array(z.string()), coastSide: z.string().default('') });
const Corridor = z.object({
  id: z.string().min(1),
  primaryChokepointId: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(CORRIDOR_TYPES),
  addedTransitDays: z.number().int(),
  addedCostMultiplier: z.number().min(0),
  capacityConstraintTonnage: z.number().int().min(0).default(0),
  suitableCargoTypes: z.array(z.enum(CARGO_TYPES)).default([]),
  activationThreshold: z.enum(['partial_closure', 'full_closure']),
  waypointChokepointIds: z.array(z.string()).default([]),
  notes: z.string().default(''),
  fromPort: Point,
  toPort: Point,
});

const ModelDoc = z.object({
  schemaVersion: z.literal(1),
  reviewedAt: z.string(),
  source: z.string().default(''),
  shockModelChokepoints: z.array(z.string()).default([]),
  freightUsdRanges: z.partialRecord(z.enum(CARGO_TYPES), z.tuple([z.number(), z.number()])),
  ports: z.array(Port).min(1),
  routes: z.array(Route).min(1),
  countries: z.array(Country),
  corridors: z.array(Corridor),
});

export type PortDef = z.infer<typeof Port>;
export type RouteDef = z.infer<typeof Route>;
export type CountryPorts = z.infer<typeof Country>;
export type CorridorDef = z.infer<typeof Corridor>;

/** The model is stored as tagged rows, one per port, route, country and corridor. */
export type RouteModelRecord =
  | ({ kind: 'port' } & PortDef)
  | ({ kind: 'route' } & RouteDef)
  | ({ kind: 'country' } & CountryPorts)
  | ({ kind: 'corridor' } & CorridorDef);

export interface RouteModelInfo {
  reviewedAt: string;
  source: string;
  shockModelChokepoints: string[];
  freightUsdRanges: Partial<Record<CargoType, [number, number]>>;
}

/**
 * Curated lane model JSON -> tagged rows. Every route must start and end at a listed port and every
 * country may only name listed routes: a model with dangling references is refused as a whole,
 * since answers would silently lose lanes.
 */
export function parseRouteModel(bytes: Buffer): { records: RouteModelRecord[]; info: RouteModelInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`route model is not JSON: ${(err as Error).message}`);
  }
  const doc = ModelDoc.safeParse(json);
  if (!doc.success)
    throw new Error(
      `route model has an unexpected shape: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message ?? ''}`,
    );
  const m = doc.data;
  const ports = new Set(m.ports.map((p) => p.id));
  const routes = new Set(m.routes.map((r) => r.id));
  for (const r of m.routes)
    if (!ports.has(r.fromPort) || !ports.has(r.toPort))
      throw new Error(`route ${r.id} names a port the model does not list`);
  for (const c of m.countries)
    for (const id of c.nearestRouteIds)
      if (!routes.has(id)) throw new Error(`country ${c.iso2} names unknown route ${id}`);
  const records: RouteModelRecord[] = [
    ...m.ports.map((p) => ({ kind: 'port' as const, ...p })),
    ...m.routes.map((r) => ({ kind: 'route' as const, ...r })),
    ...m.countries.map((c) => ({ kind: 'country' as const, ...c })),
    ...m.corridors.map((c) => ({ kind: 'corridor' as const, ...c })),
  ];
  return {
    records,
    info: {
      reviewedAt: m.reviewedAt,
      source: m.source,
      shockModelChokepoints: m.shockModelChokepoints,
      freightUsdRanges: m.freightUsdRanges,
    },
  };
}

/** The model indexed for lookups, built once per snapshot. */
export interface RouteModel {
  ports: Map<string, PortDef>;
  routes: Map<string, RouteDef>;
  countries: Map<string, CountryPorts>;
  /** Corridors by primary chokepoint, in registry order. */
  corridors: Map<string, CorridorDef[]>;
  /** Route ids passing each chokepoint. */
  chokepointRoutes: Map<string, string[]>;
  info: RouteModelInfo;
}

export function routeModel(snapshot: Snapshot<RouteModelRecord, RouteModelInfo>): RouteModel {
  return snapshot.derive('model', (s) => indexRouteModel(s.records, s.info));
}

/** The tagged rows indexed for lookups (also for models computed from the rows of an input snapshot). */
export function indexRouteModel(records: readonly RouteModelRecord[], info: RouteModelInfo): RouteModel {
  const model: RouteModel = {
    ports: new Map(),
    routes: new Map(),
    countries: new Map(),
    corridors: new Map(),
    chokepointRoutes: new Map(),
    info,
  };
  for (const r of records) {
    const { kind: _kind, ...rest } = r;
    if (r.kind === 'port') model.ports.set(r.id, rest as PortDef);
    else if (r.kind === 'route') {
      model.routes.set(r.id, rest as RouteDef);
      for (const cp of r.waypoints) model.chokepointRoutes.set(cp, [...(model.chokepointRoutes.get(cp) ?? []), r.id]);
    } else if (r.kind === 'country') model.countries.set(r.iso2, rest as CountryPorts);
    else
      model.corridors.set(r.primaryChokepointId, [
        ...(model.corridors.get(r.primaryChokepointId) ?? []),
        rest as CorridorDef,
      ]);
  }
  return model;
}

export const routeModelDataset: Dataset<RouteModelRecord, RouteModelInfo> = {
  name: ROUTE_MODEL,
  source:
    'Curated shipping-lane model: ports, routes and the chokepoints they pass, country port clusters, bypass corridors',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 60,
  sources: {
    model: {
      reference: true,
      sample: 'supply-chain/route-model.json',
    },
  },
  parse(payloads) {
    return parseRouteModel(payloads.model!);
  },
};
