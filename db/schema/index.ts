export * from './snapshots.js';
