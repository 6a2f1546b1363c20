import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { unconfiguredRelays, type AnyDataset, type DatasetKind } from '../../../src/platform/snapshots/dataset.js';

const dataset = (name: string, kind: DatasetKind, requires: string[], optional = false): AnyDataset => ({
  name,
  kind,
  source: 'test',
  maxStaleMinutes: 60,
  sources: { main: { url: '$X/feed', sample: 'x.json', requires: requires as never, optional } },
  parse: () => ({ records: [] }),
});

describe('unconfiguredRelays: the relay datasets the store withholds', () => {
  const datasets = [
    dataset('a.relay', 'relay', ['RELAY_URL']),
    dataset('b.telegram', 'relay', ['TELEGRAM_RELAY_URL']),
    // A live dataset with an unset key is refused live but its stored snapshot still serves.
    dataset('c.keyed', 'live', ['FRED_API_KEY']),
    // An optional source does not make the dataset unavailable.
    dataset('d.optional', 'relay', ['RELAY_URL'], true),
  ];

  it.each([
    [{}, ['a.relay', 'b.telegram']],
    [{ RELAY_URL: 'http://relay.local' }, ['b.telegram']],
    [{ RELAY_URL: 'http://relay.local', TELEGRAM_RELAY_URL: 'http://tg.local' }, []],
    [{ RELAY_URL: '' }, ['a.relay', 'b.telegram']],
  ])('with %j: %j', (config, withheld) => {
    expect(unconfiguredRelays(datasets, testConfig(config))).toEqual(withheld);
  });
});
