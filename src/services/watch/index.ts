// The watch service's front door: what the composition root and other services may use.
export { watchesOf, type WatchFiring, type WatchService } from './service.js';
export { WATCH_EVENT } from './rules.js';
