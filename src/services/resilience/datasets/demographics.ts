import { parsesNothing, type Dataset, type Parsed } from '../../../platform/snapshots/dataset.js';
import {
  ageStructure,
  capabilityByCountry,
  education,
  industrialWorkforce,
  type EducationValue,
  type Observation,
  type ObservationField,
  type Observations,
  type WorkforceValue,
  type WppValue,
} from '../demographics-rules.js';
import { ILOSTAT_WORKFORCE, WB_EDUCATION, WPP_AGE_STRUCTURE } from './demographics-inputs.js';

export const DEMOGRAPHICS = 'resilience.demographics';

export interface DemographicsStage {
  name: string;
  status: string;
  fetchedAt: string;
  recordCount: number;
  newestObservationYear: number;
}

export interface DemographicsInfo {
  fetchedAt: number;
  stages: DemographicsStage[];
}

export interface CountryDemographics {
  countryCode: string;
  observations: Partial<Record<ObservationField, Observation>>;
}

/**
 * A stage whose input is older than this, measured from the newest input, is reported `retained`
 * (kept from an earlier ingestion while the others moved on): the published capability's 25 days.
 */
export const RETAINED_AFTER_MS = 25 * 24 * 3_600_000;

interface Input<R> {
  records: readonly R[];
  capturedAt: number;
}

function stage(
  name: string,
  input: Input<unknown> | undefined,
  found: Map<string, Observations>,
  at: number,
  newest: number,
): DemographicsStage {
  if (!input) return { name, status: 'unavailable', fetchedAt: '', recordCount: 0, newestObservationYear: 0 };
  return {
    name,
    status: at - input.capturedAt > RETAINED_AFTER_MS ? 'retained' : 'fresh',
    fetchedAt: new Date(input.capturedAt).toISOString(),
    recordCount: found.size,
    newestObservationYear: newest,
  };
}

const newestYear = (found: Map<string, Observations>) =>
  Math.max(0, ...[...found.values()].flatMap((c) => Object.values(c).map((o) => o.year)));

/**
 * The capability from the WPP, World Bank and ILOSTAT snapshots current at `at` (the newest
 * input's capture time). The WPP reference year is the year its snapshot was captured; an absent
 * input leaves its stage `unavailable` and its group empty.
 */
export function deriveDemographics(
  inputs: { wpp?: Input<WppValue>; education?: Input<EducationValue>; ilostat?: Input<WorkforceValue> },
  at: number,
): Parsed<CountryDemographics, DemographicsInfo> {
  const referenceYear = inputs.wpp ? new Date(inputs.wpp.capturedAt).getUTCFullYear() : 0;
  const age = inputs.wpp ? ageStructure(inputs.wpp.records, referenceYear) : new Map<string, Observations>();
  const edu = inputs.education ? education(inputs.education.records) : new Map<string, Observations>();
  const work = inputs.ilostat ? industrialWorkforce(inputs.ilostat.records) : new Map<string, Observations>();
  const records = capabilityByCountry(
    { ageStructure: age, education: edu, industrialWorkforce: work },
    new Date(at).getUTCFullYear(),
  );
  return {
    records,
    info: {
      fetchedAt: at,
      stages: [
        // The ten-year projection is carried by the current release: the stage's newest year is the reference year.
        stage('wpp', inputs.wpp, age, at, referenceYear),
        stage('education', inputs.education, edu, at, newestYear(edu)),
        stage('ilostat', inputs.ilostat, work, at, newestYear(work)),
      ],
    },
  };
}

export const demographicsDataset: Dataset<CountryDemographics, DemographicsInfo> = {
  name: DEMOGRAPHICS,
  source:
    'Computed here from the UN WPP age structure, World Bank (UNESCO UIS) education and ILOSTAT workforce snapshots',
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 40,
  sources: {},
  parse: parsesNothing,
  inputs: [WPP_AGE_STRUCTURE, WB_EDUCATION, ILOSTAT_WORKFORCE],
  derive(inputs, at) {
    return deriveDemographics(
      {
        wpp: inputs[WPP_AGE_STRUCTURE] as Input<WppValue> | undefined,
        education: inputs[WB_EDUCATION] as Input<EducationValue> | undefined,
        ilostat: inputs[ILOSTAT_WORKFORCE] as Input<WorkforceValue> | undefined,
      },
      at,
    );
  },
};
