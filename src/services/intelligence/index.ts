/** The intelligence service's front door: what other services may use of it, and the only file they import. */
export { portActivity } from './ports/rules.js';
export type { PortActivity } from './ports/rules.js';
