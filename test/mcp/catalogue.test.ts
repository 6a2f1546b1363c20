import { describe, expect, it } from 'vitest';
import { operationTools, snakeCase } from '../../src/mcp/catalogue.js';
import { searchTools } from '../../src/mcp/server.js';
import { appRouter } from '../../src/root/app-router.js';

describe('tool names', () => {
  it.each([
    ['ListEarthquakes', 'list_earthquakes'],
    ['GetCountryRisk', 'get_country_risk'],
    ['GetFredSeriesBatch', 'get_fred_series_batch'],
    ['ListV2Webhooks', 'list_v2_webhooks'],
  ])('%s -> %s', (id, name) => expect(snakeCase(id)).toBe(name));
});

describe('the tool catalogue', () => {
  const tools = operationTools(appRouter);

  it('gives GET tools jmespath and as_of, POST tools jmespath only (REST takes as_of on GET)', () => {
    for (const t of tools) {
      const props = Object.keys(t.inputSchema.properties as object);
      expect(props, t.name).toContain('jmespath');
      expect(props.includes('as_of'), t.name).toBe(t.method === 'GET');
    }
  });

  it('keeps the operation’s own parameters and their required list', () => {
    const risk = tools.find((t) => t.name === 'get_country_risk')!;
    expect(risk.inputSchema.required).toEqual(['country_code']);
    expect(risk.path).toBe('/api/intelligence/v1/get-country-risk');
  });

  it('finds tools by words, names counting before descriptions', () => {
    expect(searchTools(tools, 'earthquakes')[0].name).toBe('list_earthquakes');
    expect(searchTools(tools, 'zzzzqq')).toEqual([]);
    expect(searchTools(tools, 'list', 3)).toHaveLength(3);
  });
});
