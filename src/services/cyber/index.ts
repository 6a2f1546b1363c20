/** The cyber service's front door: what other services may use of it, and the only file they import. */
export { CYBER_THREATS } from './datasets/cyber-threats.js';
export type { CyberThreat } from './schemas.js';
