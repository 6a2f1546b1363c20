export const RESEARCH_DATASETS = [] as const;
