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
