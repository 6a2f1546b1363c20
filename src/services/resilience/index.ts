/** The resilience service's front door: what other services may use of it, and the only file they import. */
export { RESILIENCE_SCORES } from './datasets/resilience-scores.js';
