/*
 * What the `mds` commands print of stored or remote text: the rules live in the platform layer
 * (src/platform/safe-text.ts), where the HTTP exports (CSV, NDJSON) use the same ones.
 */
export { csvCell, csvRow, jsonText, tableRow, text } from '../platform/safe-text.js';
