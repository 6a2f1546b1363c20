export * from './snapshots.js';
export * from './platform.js';
export * from './batch.js';
export * from './state.js';
export * from './forecast.js';
export * from './scenario.js';
export * from './news.js';
