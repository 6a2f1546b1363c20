/** The news service's front door: what other services may use of it, and the only file they import. */
export { NEWS_FEEDS } from './datasets/feeds.js';
