/** Validation of demographic capability observations: each must be a plausible, correctly labelled figure. */

export interface Observation {
  value: number;
  year: number;
  source: string;
  unit: string;
}

/** Expected unit and plausible range of every observation field. */
export const FIELDS = {
  medianAgeYears: { unit: 'years', min: 10, max: 70 },
  oldAgeDependencyRatioPercent: { unit: '%', min: 0, max: 150 },
  totalDependencyRatioPercent: { unit: '%', min: 0, max: 200 },
  workingAgePopulationPeople: { unit: 'people', min: 0, max: 2e9 },
  workingAgePopulationProjected10yPeople: { unit: 'people', min: 0, max: 2e9 },
  tertiaryEnrollmentGrossPercent: { unit: '%', min: 0, max: 200 },
  stemGraduatesSharePercent: { unit: '%', min: 0, max: 100 },
  researchersPerMillion: { unit: 'per million people', min: 0, max: 20_000 },
  craftTradesEmploymentPeople: { unit: 'people', min: 0, max: 1e9 },
  plantMachineOperatorsEmploymentPeople: { unit: 'people', min: 0, max: 1e9 },
  trainedIndustrialWorkforcePeople: { unit: 'people', min: 0, max: 2e9 },
  manufacturingEmploymentSharePercent: { unit: '%', min: 0, max: 100 },
} as const;

export type ObservationField = keyof typeof FIELDS;

export const GROUPS = {
  ageStructure: [
    'medianAgeYears',
    'oldAgeDependencyRatioPercent',
    'totalDependencyRatioPercent',
    'workingAgePopulationPeople',
    'workingAgePopulationProjected10yPeople',
  ],
  education: ['tertiaryEnrollmentGrossPercent', 'stemGraduatesSharePercent', 'researchersPerMillion'],
  industrialWorkforce: [
    'craftTradesEmploymentPeople',
    'plantMachineOperatorsEmploymentPeople',
    'trainedIndustrialWorkforcePeople',
    'manufacturingEmploymentSharePercent',
  ],
} as const satisfies Record<string, readonly ObservationField[]>;

export type Group = keyof typeof GROUPS;

/** Valid: finite value in the field's range, its exact unit, a year from 1900 to 50 years ahead, a named source. */
export function isValidObservation(
  field: ObservationField,
  o: Partial<Observation> | undefined,
  currentYear: number,
): o is Observation {
  if (!o) return false;
  const spec = FIELDS[field];
  return (
    typeof o.value === 'number' &&
    Number.isFinite(o.value) &&
    o.value >= spec.min &&
    o.value <= spec.max &&
    o.unit === spec.unit &&
    typeof o.year === 'number' &&
    Number.isInteger(o.year) &&
    o.year >= 1900 &&
    o.year <= currentYear + 50 &&
    typeof o.source === 'string' &&
    o.source.trim() !== ''
  );
}

/**
 * The trained industrial workforce must be exactly craft trades plus plant and machine operators,
 * of the same year and source; anything else is an inconsistent export and is dropped.
 */
export function trainedIsConsistent(craft?: Observation, operators?: Observation, trained?: Observation): boolean {
  if (!craft || !operators || !trained) return false;
  return (
    trained.value === craft.value + operators.value &&
    trained.year === craft.year &&
    craft.year === operators.year &&
    trained.source === craft.source &&
    craft.source === operators.source
  );
}

/** Keeps the valid observations of one country, per group. */
export function validObservations(
  raw: Partial<Record<Group, Partial<Record<ObservationField, Partial<Observation>>>>>,
  currentYear: number,
): Partial<Record<ObservationField, Observation>> {
  const out: Partial<Record<ObservationField, Observation>> = {};
  for (const [group, fields] of Object.entries(GROUPS) as [Group, readonly ObservationField[]][]) {
    for (const f of fields) {
      const o = raw[group]?.[f];
      if (isValidObservation(f, o, currentYear))
        out[f] = { value: o.value, year: o.year, source: o.source, unit: o.unit };
    }
  }
  if (
    out.trainedIndustrialWorkforcePeople &&
    !trainedIsConsistent(
      out.craftTradesEmploymentPeople,
      out.plantMachineOperatorsEmploymentPeople,
      out.trainedIndustrialWorkforcePeople,
    )
  ) {
    delete out.trainedIndustrialWorkforcePeople;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The capability computed from the three public inputs (the published capability seeder's rules)
// ---------------------------------------------------------------------------------------------

export const WPP_SOURCE = 'UN World Population Prospects 2024';
export const EDUCATION_SOURCE = 'UNESCO UIS via World Bank WDI';
export const ILOSTAT_SOURCE = 'ILOSTAT';

/** WPP Data Portal indicators and age-group ids of the age structure, for the reference year. */
export const WPP_AGE_INDICATORS = [
  { indicatorId: 67, ageId: 188, field: 'medianAgeYears' },
  { indicatorId: 84, ageId: 1005, field: 'oldAgeDependencyRatioPercent' },
  { indicatorId: 86, ageId: 1015, field: 'totalDependencyRatioPercent' },
] as const satisfies readonly { indicatorId: number; ageId: number; field: ObservationField }[];
/** Population by broad age group, working ages: for the reference year and ten years on. */
export const WPP_WORKING_AGE = { indicatorId: 70, ageId: 40 } as const;

/** World Bank codes: tertiary gross enrolment, researchers per million, tertiary graduates in engineering, science and ICT (% of graduates). */
export const EDUCATION_INDICATORS = [
  'SE.TER.ENRR',
  'SP.POP.SCIE.RD.P6',
  'SE.TER.GRAD.EN.ZS',
  'SE.TER.GRAD.SC.ZS',
  'UIS.FOSGP.5T8.F600',
] as const;
const [TERTIARY, RESEARCHERS, ...STEM_SHARES] = EDUCATION_INDICATORS;

/** ILOSTAT codes: ISCO-08 major groups 7 (craft and related trades) and 8 (plant and machine operators); total and manufacturing employment. */
export const ILOSTAT_OCCUPATION_CODES = ['OCU_ISCO08_7', 'OCU_ISCO08_8'] as const;
export const ILOSTAT_ECONOMY_CODES = ['ECO_AGGREGATE_TOTAL', 'ECO_AGGREGATE_MAN'] as const;

/** A WPP value of one country (median variant, both sexes). */
export interface WppValue {
  countryCode: string;
  indicatorId: number;
  ageId: number;
  year: number;
  value: number;
}
/** A World Bank value of one country. */
export interface EducationValue {
  countryCode: string;
  indicator: string;
  year: number;
  value: number;
}
/** An ILOSTAT count of persons of one country, both sexes, by occupation or activity code. */
export interface WorkforceValue {
  countryCode: string;
  code: string;
  year: number;
  value: number;
}

export type Observations = Partial<Record<ObservationField, Observation>>;

const round6 = (x: number) => Math.round((x + Number.EPSILON) * 1e6) / 1e6;
const observation = (field: ObservationField, value: number, year: number, source: string): Observation => ({
  value: round6(value),
  year,
  source,
  unit: FIELDS[field].unit,
});

function put(out: Map<string, Observations>, country: string, field: ObservationField, o: Observation): void {
  let c = out.get(country);
  if (!c) out.set(country, (c = {}));
  c[field] = o;
}

/** Latest year per key (ties keep the first seen). */
function latestBy<T extends { year: number }>(items: Iterable<[string, T]>): Map<string, T> {
  const out = new Map<string, T>();
  for (const [k, v] of items) if (!out.has(k) || v.year > out.get(k)!.year) out.set(k, v);
  return out;
}

/**
 * Age structure of the reference year (the year the WPP answer was fetched for): median age and
 * the two dependency ratios of that year, the working-age population of that year and of ten
 * years on (the projection the same release carries).
 */
export function ageStructure(rows: readonly WppValue[], referenceYear: number): Map<string, Observations> {
  const out = new Map<string, Observations>();
  for (const r of rows) {
    const spec = WPP_AGE_INDICATORS.find((s) => s.indicatorId === r.indicatorId && s.ageId === r.ageId);
    if (spec && r.year === referenceYear)
      put(out, r.countryCode, spec.field, observation(spec.field, r.value, r.year, WPP_SOURCE));
    if (r.indicatorId !== WPP_WORKING_AGE.indicatorId || r.ageId !== WPP_WORKING_AGE.ageId) continue;
    const field =
      r.year === referenceYear
        ? 'workingAgePopulationPeople'
        : r.year === referenceYear + 10
          ? 'workingAgePopulationProjected10yPeople'
          : undefined;
    if (field) put(out, r.countryCode, field, observation(field, r.value, r.year, WPP_SOURCE));
  }
  return out;
}

/**
 * Education: the latest tertiary enrolment and researchers per million; the STEM graduate share is
 * engineering + science + ICT of one same year (all three needed, at most 100), the latest such year.
 */
export function education(rows: readonly EducationValue[]): Map<string, Observations> {
  const out = new Map<string, Observations>();
  const latest = (indicator: string) =>
    latestBy(rows.filter((r) => r.indicator === indicator).map((r) => [r.countryCode, r] as [string, EducationValue]));
  for (const [c, r] of latest(TERTIARY))
    put(
      out,
      c,
      'tertiaryEnrollmentGrossPercent',
      observation('tertiaryEnrollmentGrossPercent', r.value, r.year, EDUCATION_SOURCE),
    );
  for (const [c, r] of latest(RESEARCHERS))
    put(out, c, 'researchersPerMillion', observation('researchersPerMillion', r.value, r.year, EDUCATION_SOURCE));
  const byCountryYear = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (!(STEM_SHARES as readonly string[]).includes(r.indicator)) continue;
    const key = `${r.countryCode}:${r.year}`;
    let m = byCountryYear.get(key);
    if (!m) byCountryYear.set(key, (m = new Map()));
    m.set(r.indicator, r.value);
  }
  const stem = latestBy(
    [...byCountryYear].flatMap(([key, m]) => {
      if (!STEM_SHARES.every((i) => m.has(i))) return [];
      const value = STEM_SHARES.reduce((a, i) => a + m.get(i)!, 0);
      const [country, year] = key.split(':') as [string, string];
      return value > 100 ? [] : [[country, { year: Number(year), value }] as [string, { year: number; value: number }]];
    }),
  );
  for (const [c, s] of stem)
    put(
      out,
      c,
      'stemGraduatesSharePercent',
      observation('stemGraduatesSharePercent', s.value, s.year, EDUCATION_SOURCE),
    );
  return out;
}

/**
 * Industrial workforce: craft trades and plant and machine operators of the latest year that has
 * both, the trained workforce their sum; the manufacturing share of employment of the latest year
 * with a positive total and manufacturing no larger than it.
 */
export function industrialWorkforce(rows: readonly WorkforceValue[]): Map<string, Observations> {
  const byCountryYear = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const key = `${r.countryCode}:${r.year}`;
    let m = byCountryYear.get(key);
    if (!m) byCountryYear.set(key, (m = new Map()));
    m.set(r.code, r.value);
  }
  const years = (ok: (m: Map<string, number>) => boolean) =>
    latestBy(
      [...byCountryYear].flatMap(([key, m]) => {
        const [country, year] = key.split(':') as [string, string];
        return ok(m)
          ? [[country, { year: Number(year), m }] as [string, { year: number; m: Map<string, number> }]]
          : [];
      }),
    );
  const [CRAFT, OPERATORS] = ILOSTAT_OCCUPATION_CODES;
  const [TOTAL, MANUFACTURING] = ILOSTAT_ECONOMY_CODES;
  const out = new Map<string, Observations>();
  for (const [c, { year, m }] of years((m) => m.has(CRAFT) && m.has(OPERATORS))) {
    const craft = observation('craftTradesEmploymentPeople', m.get(CRAFT)!, year, ILOSTAT_SOURCE);
    const operators = observation('plantMachineOperatorsEmploymentPeople', m.get(OPERATORS)!, year, ILOSTAT_SOURCE);
    put(out, c, 'craftTradesEmploymentPeople', craft);
    put(out, c, 'plantMachineOperatorsEmploymentPeople', operators);
    put(out, c, 'trainedIndustrialWorkforcePeople', {
      ...observation('trainedIndustrialWorkforcePeople', 0, year, ILOSTAT_SOURCE),
      value: craft.value + operators.value,
    });
  }
  const sharable = (m: Map<string, number>) =>
    m.has(TOTAL) && m.has(MANUFACTURING) && m.get(TOTAL)! > 0 && m.get(MANUFACTURING)! <= m.get(TOTAL)!;
  for (const [c, { year, m }] of years(sharable))
    put(
      out,
      c,
      'manufacturingEmploymentSharePercent',
      observation(
        'manufacturingEmploymentSharePercent',
        (m.get(MANUFACTURING)! / m.get(TOTAL)!) * 100,
        year,
        ILOSTAT_SOURCE,
      ),
    );
  return out;
}

/**
 * The capability per country from the three stages' observations: grouped, each observation
 * validated (validObservations), countries with no valid observation left out, by country code.
 */
export function capabilityByCountry(
  stages: {
    ageStructure?: Map<string, Observations>;
    education?: Map<string, Observations>;
    industrialWorkforce?: Map<string, Observations>;
  },
  currentYear: number,
): { countryCode: string; observations: Observations }[] {
  const codes = new Set<string>();
  for (const m of Object.values(stages)) for (const c of m?.keys() ?? []) codes.add(c);
  return [...codes]
    .sort()
    .map((countryCode) => ({
      countryCode,
      observations: validObservations(
        {
          ageStructure: stages.ageStructure?.get(countryCode),
          education: stages.education?.get(countryCode),
          industrialWorkforce: stages.industrialWorkforce?.get(countryCode),
        },
        currentYear,
      ),
    }))
    .filter((c) => Object.keys(c.observations).length > 0);
}
