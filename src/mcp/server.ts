import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ErrorCode,
  ReadResourceRequestSchema,
  type CallToolResult,
  type GetPromptResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { PLANS } from '../platform/auth/plans.js';
import { VERSION } from '../version.js';
import type { WireResponse } from '../http/wire.js';
import type { OperationTool } from './catalogue.js';

/** One REST call made as the MCP caller (their key), through the REST lane. */
export type CallerDispatch = (method: string, pathAndQuery: string, body?: unknown) => Promise<WireResponse>;

/** A resource: a fixed address, or a template such as `mds://countries/{iso2}/risk`. */
export interface ResourceDefinition {
  name: string;
  title?: string;
  description: string;
  /** A fixed address (`mds://datasets`) or a template with `{variables}`. */
  uri: string;
  /** The resource's JSON, read as the caller; a REST refusal becomes an MCP error. */
  read(vars: Record<string, string>, call: CallerDispatch): Promise<unknown>;
}

export interface PromptDefinition {
  name: string;
  description: string;
  arguments: Array<{ name: string; description: string; required?: boolean }>;
  text(args: Record<string, string>): string;
}

/** What the MCP server offers: the operations' tools, the resources and the prompts. */
export interface McpSurface {
  tools: readonly OperationTool[];
  resources: readonly ResourceDefinition[];
  prompts: readonly PromptDefinition[];
}

/** Told about every tool call (the HTTP lane names the tool in its log line and metrics). */
export type ToolObserver = (tool: string) => void;

const META_TOOLS = [
  {
    name: 'describe_operation',
    description: 'Full description, REST method and path, and input/output JSON schemas of one tool.',
    inputSchema: {
      type: 'object' as const,
      properties: { name: { type: 'string', description: 'The tool name, e.g. list_earthquakes.' } },
      required: ['name'],
    },
  },
  {
    name: 'search_operations',
    description: 'Find tools by words over their names and descriptions; best matches first.',
    inputSchema: {
      type: 'object' as const,
      properties: {
        query: { type: 'string', description: 'Words to look for, e.g. "earthquake nuclear".' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many (default 20).' },
      },
      required: ['query'],
    },
  },
];

/** The lowest plan whose tier reaches `tier`, named in a refusal so an agent can say what is needed. */
function planFor(tier: number): string | undefined {
  return PLANS.find((p) => p.tier >= tier)?.planKey;
}

/**
 * A tool's arguments as the REST call: a `{name}` path segment filled from its argument, GET (and
 * DELETE) parameters in the query, POST fields as the body.
 */
function restCallOf(tool: OperationTool, args: Record<string, unknown>): { url: string; body?: unknown } {
  const search = new URLSearchParams();
  const body: Record<string, unknown> = {};
  const inPath = new Set<string>();
  const path = tool.path.replace(/\{([^}]+)\}/g, (segment, name: string) => {
    const v = args[name];
    if (v === undefined || v === null) return segment;
    inPath.add(name);
    return encodeURIComponent(String(v));
  });
  const queried = tool.method === 'GET' || tool.method === 'DELETE';
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || v === null || inPath.has(k)) continue;
    if (queried || tool.platformParams.includes(k)) {
      for (const item of Array.isArray(v) ? v : [v])
        search.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
    } else body[k] = v;
  }
  const query = search.toString();
  return { url: query ? `${path}?${query}` : path, body: queried ? undefined : body };
}

/** The REST answer as a tool result: the body as structured content and text, or a tool error carrying it. */
function toolResult(tool: OperationTool, out: WireResponse, jmespath: string | undefined): CallToolResult {
  const text = out.body;
  if (out.status >= 400) {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: carried as text
    }
    const needed = (body as { requiredTier?: unknown } | undefined)?.requiredTier;
    const plan = out.status === 403 && typeof needed === 'number' ? planFor(needed) : undefined;
    const note = plan ? `\nThis tool needs the ${plan} plan (tier ${needed}) or higher.` : '';
    return {
      isError: true,
      content: [{ type: 'text', text: `HTTP ${out.status} ${text}${note}` }],
      _meta: { status: out.status, body, ...(plan ? { planNeeded: plan } : {}) },
    };
  }
  const value: unknown = text ? JSON.parse(text) : null;
  const structured =
    jmespath === undefined ? (value as Record<string, unknown>) : { jmespath, result: value as unknown };
  return { content: [{ type: 'text', text }], structuredContent: structured, _meta: { status: out.status } };
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Tools whose name and description hold the query's words, most words (names counting double) first. */
export function searchTools(tools: readonly OperationTool[], query: string, limit = 20) {
  const asked = [...new Set(words(query))];
  return tools
    .map((t) => {
      const name = new Set(words(t.name));
      const text = new Set(words(`${t.path} ${t.description}`));
      const score = asked.reduce(
        (s, w) => s + (name.has(w) ? 2 : 0) + ([...text].some((x) => x.startsWith(w)) ? 1 : 0),
        0,
      );
      return { t, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.t.name.localeCompare(b.t.name))
    .slice(0, limit)
    .map(({ t }) => ({ name: t.name, method: t.method, path: t.path, summary: t.summary }));
}

/** `mds://countries/{iso2}/risk` against an address: the variables, or undefined when it does not match. */
function matchTemplate(template: string, uri: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, n: string) => {
    names.push(n);
    return '([^/?#]+)';
  });
  const m = new RegExp(`^${pattern}$`).exec(uri);
  if (!m) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * One MCP server for one caller (stateless: the HTTP lane makes one per request, stdio one per
 * process). Every operation tool runs through `call`, the REST lane with the caller's key, so its
 * answer, refusals, rate limits and quotas are REST's own.
 */
export function createMcpServer(surface: McpSurface, call: CallerDispatch, onTool?: ToolObserver): Server {
  const byName = new Map(surface.tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'monitoring-data-service', version: VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        'Every REST operation of the service is a tool (tools/list: one line each). Use search_operations to find ' +
        'one and describe_operation for its full description and schemas. Every tool takes `jmespath` to cut the ' +
        'answer down on the server; GET tools take `as_of` for a past answer.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...surface.tools.map((t) => ({
        name: t.name,
        description: t.summary,
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema,
        annotations: { readOnlyHint: t.method === 'GET', openWorldHint: false },
      })),
      ...META_TOOLS,
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const { name } = req.params;
    const args = (req.params.arguments ?? {}) as Record<string, unknown>;
    if (name === 'describe_operation') {
      const tool = byName.get(String(args.name ?? ''));
      if (!tool) return { isError: true, content: [{ type: 'text', text: `no tool named ${String(args.name)}` }] };
      const { platformParams: _platform, ...described } = tool;
      return { content: [{ type: 'text', text: json(described) }], structuredContent: described };
    }
    if (name === 'search_operations') {
      const limit = typeof args.limit === 'number' ? Math.max(1, Math.min(100, Math.floor(args.limit))) : 20;
      const found = searchTools(surface.tools, String(args.query ?? ''), limit);
      return { content: [{ type: 'text', text: json(found) }], structuredContent: { operations: found } };
    }
    const tool = byName.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${name}`);
    onTool?.(name);
    const { url, body } = restCallOf(tool, args);
    const out = await call(tool.method, url, body);
    const jmespath = typeof args.jmespath === 'string' && args.jmespath !== '' ? args.jmespath : undefined;
    return toolResult(tool, out, jmespath);
  });

  const fixed = surface.resources.filter((r) => !r.uri.includes('{'));
  const templated = surface.resources.filter((r) => r.uri.includes('{'));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: fixed.map((r) => ({
      uri: r.uri,
      name: r.name,
      title: r.title,
      description: r.description,
      mimeType: 'application/json',
    })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: templated.map((r) => ({
      uriTemplate: r.uri,
      name: r.name,
      title: r.title,
      description: r.description,
      mimeType: 'application/json',
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req): Promise<ReadResourceResult> => {
    const { uri } = req.params;
    for (const r of surface.resources) {
      const vars = matchTemplate(r.uri, uri);
      if (!vars) continue;
      const value = await r.read(vars, call);
      return { contents: [{ uri, mimeType: 'application/json', text: json(value) }] };
    }
    throw new McpError(ErrorCode.InvalidParams, `no resource at ${uri}`);
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: surface.prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (req): GetPromptResult => {
    const prompt = surface.prompts.find((p) => p.name === req.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `no prompt named ${req.params.name}`);
    const args = req.params.arguments ?? {};
    const missing = prompt.arguments.filter((a) => a.required && !args[a.name]).map((a) => a.name);
    if (missing.length) throw new McpError(ErrorCode.InvalidParams, `missing argument(s): ${missing.join(', ')}`);
    return {
      description: prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }],
    };
  });
  return server;
}

/** A resource read's REST answer: its JSON, or an MCP error carrying the refusal. */
export function restValue(out: WireResponse): unknown {
  if (out.status >= 400) throw new McpError(ErrorCode.InvalidRequest, `HTTP ${out.status} ${out.body}`);
  return JSON.parse(out.body);
}
