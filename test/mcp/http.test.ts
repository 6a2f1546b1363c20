import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { captureLogs, startTestApp, type TestApp } from '../support/app.js';
import { collectOperations } from '../../src/http/operations.js';
import { appRouter } from '../../src/root/app-router.js';
import { toolNameOf } from '../../src/mcp/catalogue.js';

// The SDK's own client over Streamable HTTP against the real app: /mcp is the REST lane's operations as tools.
const OPERATIONS = [...collectOperations(appRouter).values()];
const GETS = OPERATIONS.filter((op) => op.method === 'GET');
const toolOf = (op: (typeof OPERATIONS)[number]) => toolNameOf(op);

let app: TestApp;
let client: Client;
const logs = captureLogs('info');

async function connect(headers: Record<string, string>): Promise<Client> {
  const c = new Client({ name: 'mcp-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers } }));
  return c;
}

const call = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<CallToolResult>;

beforeAll(async () => {
  app = await startTestApp({ logger: logs.logger });
  client = await connect({ authorization: `Bearer ${app.defaultKey.key}` });
}, 120_000);
afterAll(async () => {
  await client?.close();
  await app?.close();
});

describe('tools/list', () => {
  it('names every routed operation, by its operation id in snake_case, plus the meta tools', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([...OPERATIONS.map(toolOf), 'describe_operation', 'search_operations'].sort());
    expect(names).toContain('list_earthquakes');
    for (const t of tools) {
      // One line each: an agent with a small context reads the whole list.
      expect(t.description, t.name).toBeTruthy();
      expect(t.description!.includes('\n'), t.name).toBe(false);
      expect(t.inputSchema.type).toBe('object');
    }
    const quake = tools.find((t) => t.name === 'list_earthquakes')!;
    expect(Object.keys(quake.inputSchema.properties!)).toEqual(expect.arrayContaining(['jmespath', 'as_of']));
    expect(quake.outputSchema?.type).toBe('object');
  });
});

describe('every GET operation as a tool, called with no arguments', () => {
  it('answers the REST body of the same GET with no parameters, or its 400 violations as a tool error', async () => {
    expect(GETS.length).toBeGreaterThan(50);
    // Listing the tools arms the client's check of every structured answer against its output schema.
    await client.listTools();
    for (const op of GETS) {
      const rest = await app.get(op.path);
      // The SDK client also checks every structured answer against the tool's output schema.
      const tool = await call(client, toolOf(op));
      const text = (tool.content as Array<{ type: string; text: string }>)[0].text;
      if (rest.status < 400) {
        expect(tool.isError, `${op.path}: ${text}`).toBeFalsy();
        expect(tool.structuredContent, op.path).toEqual(rest.body);
        expect(JSON.parse(text), op.path).toEqual(rest.body);
      } else {
        expect(tool.isError, op.path).toBe(true);
        expect(tool._meta?.status, op.path).toBe(rest.status);
        expect(tool._meta?.body, op.path).toEqual(rest.body);
        if (rest.status === 400) expect(rest.body.violations, op.path).toBeDefined();
      }
    }
  }, 300_000);

  it('passes arguments as the parameters, and `jmespath` projects on the server', async () => {
    const rest = await app.get('/api/intelligence/v1/get-country-risk?country_code=UA&jmespath=countryCode');
    expect(rest.status).toBe(200);
    const tool = await call(client, 'get_country_risk', { country_code: 'UA', jmespath: 'countryCode' });
    expect(tool.isError).toBeFalsy();
    expect(tool.structuredContent).toEqual({ jmespath: 'countryCode', result: 'UA' });
    expect(rest.body).toBe('UA');
  });

  it('reports a bad argument as the REST 400 violations', async () => {
    const rest = await app.get('/api/intelligence/v1/get-country-risk?country_code=ukraine');
    const tool = await call(client, 'get_country_risk', { country_code: 'ukraine' });
    expect(rest.status).toBe(400);
    expect(tool.isError).toBe(true);
    expect(tool._meta?.body).toEqual(rest.body);
  });
});

describe('POST operations as tools', () => {
  it('queues a job and answers its id and status as REST does (202)', async () => {
    const tool = await call(client, 'run_scenario', { scenarioId: 'suez-bab-simultaneous' });
    expect(tool.isError).toBeFalsy();
    expect(tool._meta?.status).toBe(202);
    const job = tool.structuredContent as { jobId: string; status: string; statusUrl: string };
    expect(job.status).toBe('pending');
    // The job belongs to the caller's account, as if queued over REST: its key reads the status.
    const status = await app.get(job.statusUrl);
    expect(status.status).toBe(200);
    expect(['pending', 'running', 'done']).toContain(status.body.status);
  });
});

describe('meta tools', () => {
  it('describe_operation gives the full description, the REST address and both schemas', async () => {
    const r = await call(client, 'describe_operation', { name: 'list_earthquakes' });
    const d = r.structuredContent as Record<string, any>;
    expect(d).toMatchObject({ name: 'list_earthquakes', method: 'GET', path: '/api/seismology/v1/list-earthquakes' });
    expect(d.description).toContain('USGS');
    expect(d.inputSchema.type).toBe('object');
    expect(d.outputSchema.type).toBe('object');
    expect((await call(client, 'describe_operation', { name: 'nope' })).isError).toBe(true);
  });

  it('search_operations finds operations by words over names and descriptions', async () => {
    const r = await call(client, 'search_operations', { query: 'earthquakes' });
    const found = (r.structuredContent as { operations: Array<{ name: string }> }).operations.map((o) => o.name);
    expect(found[0]).toBe('list_earthquakes');
    const byDescription = await call(client, 'search_operations', { query: 'chokepoint transits' });
    expect(
      (byDescription.structuredContent as { operations: Array<{ name: string }> }).operations.map((o) => o.name),
    ).toContain('get_chokepoint_history');
  });
});

describe('the same access rules as REST, one ledger', () => {
  it('refuses a PRO tool to a free key with a tool error naming the plan needed', async () => {
    const { key } = await app.createKey({ plan: 'free' });
    const free = await connect({ 'x-api-key': key });
    try {
      const r = await call(free, 'search_flight_prices', {
        origin: 'JFK',
        destination: 'LHR',
        departure_date: '2026-12-01',
      });
      expect(r.isError).toBe(true);
      expect(r._meta?.status).toBe(403);
      expect(r._meta?.planNeeded).toBe('pro');
      expect((r.content as Array<{ text: string }>)[0].text).toContain('needs the pro plan');
    } finally {
      await free.close();
    }
  });

  it('counts MCP tool calls and REST calls against the same per-minute limit', async () => {
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 3 });
    const limited = await connect({ 'x-service-key': key });
    try {
      // initialize and tools/list are not operation calls: they take nothing from the budget.
      await limited.listTools();
      expect((await call(limited, 'list_earthquakes')).isError).toBeFalsy();
      expect((await app.get('/api/seismology/v1/list-earthquakes', { 'x-service-key': key })).status).toBe(200);
      expect((await call(limited, 'list_earthquakes')).isError).toBeFalsy();
      // Three calls made, two of them over MCP: the limit is spent on both lanes.
      const rest = await app.get('/api/seismology/v1/list-earthquakes', { 'x-service-key': key });
      expect(rest.status).toBe(429);
      const tool = await call(limited, 'list_earthquakes');
      expect(tool.isError).toBe(true);
      expect(tool._meta?.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 with WWW-Authenticate without a key, and for an unknown one', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${app.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const unknown = await post({ authorization: 'Bearer mds_not_a_key' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
  });
});

describe('transport', () => {
  const listTools = (accept: string) =>
    fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        'mcp-protocol-version': '2025-06-18',
        'x-service-key': app.defaultKey.key,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });

  it('answers JSON, or an event stream when the client lists text/event-stream first', async () => {
    const json = await listTools('application/json, text/event-stream');
    expect(json.headers.get('content-type')).toContain('application/json');
    expect((await json.json()).id).toBe(7);
    const sse = await listTools('text/event-stream, application/json');
    expect(sse.headers.get('content-type')).toContain('text/event-stream');
    expect(await sse.text()).toMatch(/^event: message\ndata: \{.*"id":7/m);
  });

  it('is stateless: GET and DELETE are 405', async () => {
    const get = await fetch(`${app.baseUrl}/mcp`, { headers: app.defaultHeaders });
    expect(get.status).toBe(405);
  });

  it('names the tool in the access log line', async () => {
    await call(client, 'list_earthquakes');
    const lines = logs.lines.map((l) => JSON.parse(l) as { msg?: string; route?: string });
    expect(lines.some((l) => l.msg === 'request' && l.route === '/mcp tools/call list_earthquakes')).toBe(true);
  });
});

describe('resources and prompts', () => {
  it('serves dataset freshness, a country risk and a chokepoint', async () => {
    const datasets = await client.readResource({ uri: 'mds://datasets' });
    const body = JSON.parse((datasets.contents[0] as { text: string }).text);
    expect(body.datasets.find((d: { dataset: string }) => d.dataset === 'seismology.earthquakes')).toMatchObject({
      origin: 'sample',
      status: 'SAMPLE',
    });
    const risk = await client.readResource({ uri: 'mds://countries/UA/risk' });
    const rest = await app.get('/api/intelligence/v1/get-country-risk?country_code=UA');
    expect(JSON.parse((risk.contents[0] as { text: string }).text)).toEqual(rest.body);
    const status = (await app.get('/api/supply-chain/v1/get-chokepoint-status')).body;
    const first = status.chokepoints[0];
    const cp = await client.readResource({ uri: `mds://chokepoints/${first.id}` });
    expect(JSON.parse((cp.contents[0] as { text: string }).text).chokepoint).toEqual(first);
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'mds://chokepoints/{id}',
      'mds://countries/{iso2}/risk',
    ]);
  });

  it('offers a country brief and a chokepoint watch', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['chokepoint_watch', 'country_brief']);
    const brief = await client.getPrompt({ name: 'country_brief', arguments: { iso2: 'ua' } });
    expect((brief.messages[0].content as { text: string }).text).toContain('mds://countries/UA/risk');
  });
});
