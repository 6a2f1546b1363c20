import { tankerPortsDataset } from './tanker-ports.js';

export const PORT_DATASETS = [tankerPortsDataset] as const;
