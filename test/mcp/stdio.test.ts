import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { mds } from '../support/cli.js';

// `mds mcp`: the same server over stdio, spawned as an agent would, on the test app's database.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let app: TestApp;
let client: Client;

function spawnMcp(env: Record<string, string>, args: string[] = []): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ['bin/mds.js', 'mcp', ...args],
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_PATH: app.dbFile,
      LOG_LEVEL: 'silent',
      DEV_KEY: 'never',
      ...(app.databaseUrl ? { DATABASE_URL: app.databaseUrl } : {}),
      ...env,
    },
    stderr: 'pipe',
  });
}

beforeAll(async () => {
  app = await startTestApp();
  client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(spawnMcp({ MCP_KEY: app.defaultKey.key }));
}, 120_000);
afterAll(async () => {
  await client?.close();
  await app?.close();
});

describe('mds mcp', () => {
  it('answers initialize and tools/list over stdio', async () => {
    expect(client.getServerVersion()?.name).toBe('monitoring-data-service');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_earthquakes', 'describe_operation', 'search_operations']));
    expect((await client.listTools()).tools.length).toBe(names.length);
  });

  it('calls a tool on the database directly, answering what REST answers', async () => {
    const tool = (await client.callTool({ name: 'list_earthquakes', arguments: {} })) as CallToolResult;
    const rest = await app.get('/api/seismology/v1/list-earthquakes');
    expect(tool.isError).toBeFalsy();
    expect(tool.structuredContent).toEqual(rest.body);
  });

  it('takes --key over MCP_KEY, and refuses to start without any key', async () => {
    const { key } = await app.createKey({ plan: 'free' });
    const free = new Client({ name: 'stdio-free', version: '1.0.0' });
    await free.connect(spawnMcp({ MCP_KEY: app.defaultKey.key }, ['--key', key]));
    try {
      const r = (await free.callTool({ name: 'search_flight_prices', arguments: {} })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(r._meta?.status).toBe(403);
    } finally {
      await free.close();
    }
    const none = await mds(['mcp'], { DATABASE_PATH: app.dbFile });
    expect(none.code).toBe(2);
    expect(none.err).toContain('MCP_KEY');
  });
});
