/** The radiation service's front door: what other services may use of it, and the only file they import. */
export { RADIATION_OBSERVATIONS } from './datasets/radiation-observations.js';
