import { gpsInterferenceDataset } from './gps-interference.js';

export const GPS_DATASETS = [gpsInterferenceDataset] as const;
