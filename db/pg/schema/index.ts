export * from './snapshots.js';
export * from './platform.js';
