export * from './snapshots.js';
export * from './platform.js';
export * from './batch.js';
export * from './state.js';
