/** The infrastructure service's front door: what other services may use of it, and the only file they import. */
export { INTERNET_OUTAGES } from './internet/datasets/internet-outages.js';
export type { OutageRow } from './internet/datasets/internet-outages.js';
