import { readFileSync } from 'node:fs';

/**
 * The published contract's shapes (OpenAPI 3.1, prose removed), vendored under test/fixtures so the
 * suite needs nothing outside the repository. Real clients are generated from it: conformance tests
 * check our answers and our document against it.
 */
export const PUBLISHED_CONTRACT_FILE = new URL('../fixtures/contract/published-contract.json', import.meta.url);

export function readPublishedContract(): any {
  return JSON.parse(readFileSync(PUBLISHED_CONTRACT_FILE, 'utf8'));
}
