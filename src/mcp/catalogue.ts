import type { AnyTRPCRouter } from '@trpc/server';
import { z } from 'zod';
import { collectOperations } from '../http/operations.js';
import { procedureEntry } from '../http/procedure-table.js';
import { MAX_EXPRESSION_BYTES } from '../platform/jmespath.js';

type JsonSchema = Record<string, unknown>;

/** One routed operation as an MCP tool. */
export interface OperationTool {
  /** The operation id in snake_case (`ListEarthquakes` -> `list_earthquakes`). */
  name: string;
  method: string;
  /** The REST path the tool calls through the REST lane. */
  path: string;
  /** One line for `tools/list` (the operation's summary). */
  summary: string;
  /** The summary and the full description, for `describe_operation`. */
  description: string;
  requiredTier?: number;
  /** The operation's parameters (GET) or body fields (POST), plus `jmespath` (and `as_of` on GET). */
  inputSchema: JsonSchema & { type: 'object' };
  /** The operation's answer, or `{ jmespath, result }` when a projection was asked for. */
  outputSchema: JsonSchema & { type: 'object' };
  /** The tool's own input fields that are not the operation's (sent as query parameters). */
  platformParams: readonly string[];
}

/** `ListEarthquakes` -> `list_earthquakes`, `GetUSGDP` -> `get_usgdp`. */
export function snakeCase(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

const JMESPATH: JsonSchema = {
  type: 'string',
  maxLength: MAX_EXPRESSION_BYTES,
  description:
    'JMESPath expression applied to the answer on the server; the result is then `{ jmespath, result }`. Empty means none.',
};

const AS_OF: JsonSchema = {
  type: 'string',
  description:
    'Answer as the service answered at this past instant (RFC 3339 with a time zone, or Unix epoch milliseconds).',
};

/** A zod schema as a plain JSON Schema object (draft-07, which MCP clients validate with by default). */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  const json = z.toJSONSchema(schema as z.ZodType, { io, target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The first sentence or line of a text. */
function firstLine(text: string): string {
  const line = text.split('\n')[0].trim();
  const sentence = /^(.*?[.!?])\s/.exec(line)?.[1];
  return sentence ?? line;
}

/** A routed operation's tool name: its operation id in snake_case (its procedure path without one). */
export function toolNameOf(op: { procedure: string; meta: { openapi?: { operationId?: string } } }): string {
  return snakeCase(op.meta.openapi?.operationId ?? op.procedure.replace(/\./g, '_'));
}

/**
 * Every routed operation of the router as a tool, read from the same procedure table the REST lane
 * and the OpenAPI document route and describe by: one tool per operation, in the table's order.
 */
export function operationTools(router: AnyTRPCRouter): OperationTool[] {
  const tools: OperationTool[] = [];
  const names = new Set<string>();
  for (const op of collectOperations(router).values()) {
    const openapi = op.meta.openapi!;
    const entry = procedureEntry(router, op.procedure)!;
    const name = toolNameOf(op);
    if (names.has(name)) throw new Error(`two operations make the tool ${name}`);
    names.add(name);
    const summary = openapi.summary ?? firstLine(openapi.description ?? op.procedure);
    const isGet = op.method === 'GET';
    const input = jsonSchemaOf(entry.input, 'input') ?? { type: 'object', properties: {} };
    const { $defs: inputDefs, definitions: inputDefinitions, ...inputBody } = input;
    const platform: Record<string, JsonSchema> = isGet ? { jmespath: JMESPATH, as_of: AS_OF } : { jmespath: JMESPATH };
    const inputSchema = {
      ...inputBody,
      ...(inputDefs ? { $defs: inputDefs } : {}),
      ...(inputDefinitions ? { definitions: inputDefinitions } : {}),
      type: 'object' as const,
      properties: { ...((inputBody.properties as JsonSchema | undefined) ?? {}), ...platform },
    };
    tools.push({
      name,
      method: op.method,
      path: op.path,
      summary,
      description: [summary, openapi.description].filter(Boolean).join('\n\n'),
      ...(op.meta.requiredTier ? { requiredTier: op.meta.requiredTier } : {}),
      inputSchema,
      outputSchema: answerSchema(jsonSchemaOf(entry.output, 'output')),
      platformParams: Object.keys(platform),
    });
  }
  return tools;
}

/**
 * The tool's structured result: the REST body itself, or, with `jmespath`, `{ jmespath, result }`
 * (a projection can be any JSON value, and structured content is always an object).
 */
function answerSchema(output: JsonSchema | undefined): JsonSchema & { type: 'object' } {
  const projection = {
    type: 'object',
    properties: { jmespath: { type: 'string' }, result: {} },
    required: ['jmespath', 'result'],
    additionalProperties: false,
  };
  if (!output) return { type: 'object' };
  const { $defs, definitions, ...body } = output;
  return {
    type: 'object',
    ...($defs ? { $defs } : {}),
    ...(definitions ? { definitions } : {}),
    anyOf: [body, projection],
  };
}
