import { tpsCallsAttendedDataset, tpsMciDataset } from './tps.js';

export const SAFETY_DATASETS = [tpsMciDataset, tpsCallsAttendedDataset] as const;
