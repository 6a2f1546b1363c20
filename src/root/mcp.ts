import type { PromptDefinition, ResourceDefinition } from '../mcp/server.js';
import { restValue } from '../mcp/server.js';

/*
 * The MCP resources and prompts that name operations: each is read through the REST lane as the
 * caller (the same key, tier gates and rate limits as the operation itself).
 */

const ISO2 = /^[A-Za-z]{2}$/;

export const MCP_RESOURCES: readonly ResourceDefinition[] = [
  {
    uri: 'mds://countries/{iso2}/risk',
    name: 'country-risk',
    title: 'Country risk',
    description: "A country's instability score, travel advisory level and sanctions exposure (get_country_risk).",
    read: async ({ iso2 }, call) => {
      if (!ISO2.test(iso2)) throw new Error(`not an ISO 3166-1 alpha-2 code: ${iso2}`);
      return restValue(await call('GET', `/api/intelligence/v1/get-country-risk?country_code=${iso2.toUpperCase()}`));
    },
  },
  {
    uri: 'mds://chokepoints/{id}',
    name: 'chokepoint',
    title: 'Chokepoint status',
    description: "One maritime chokepoint's disruption score, badge, warnings and transits (get_chokepoint_status).",
    read: async ({ id }, call) => {
      const status = restValue(await call('GET', '/api/supply-chain/v1/get-chokepoint-status')) as {
        chokepoints: Array<{ id: string }>;
        fetchedAt: string;
        upstreamUnavailable: boolean;
      };
      const chokepoint = status.chokepoints.find((c) => c.id === id);
      if (!chokepoint) throw new Error(`no chokepoint ${id}; known: ${status.chokepoints.map((c) => c.id).join(', ')}`);
      return { chokepoint, fetchedAt: status.fetchedAt, upstreamUnavailable: status.upstreamUnavailable };
    },
  },
];

export const MCP_PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'country_brief',
    description: "A short brief on a country's current risk, from the service's own data.",
    arguments: [{ name: 'iso2', description: 'ISO 3166-1 alpha-2 country code, e.g. UA.', required: true }],
    text: ({ iso2 }) =>
      `Write a short risk brief on the country ${iso2.toUpperCase()}. Read the resource ` +
      `mds://countries/${iso2.toUpperCase()}/risk (or call get_country_risk with country_code=${iso2.toUpperCase()}), ` +
      'then use search_operations to find the conflict, unrest, advisory and economic operations that take a ' +
      'country code and call the relevant ones. Say when each figure was captured (Last-Modified, fetchedAt) and ' +
      'flag anything marked upstreamUnavailable or served from a SAMPLE (mds://datasets). Cite the tool for every number.',
  },
  {
    name: 'chokepoint_watch',
    description: 'Watch a maritime chokepoint: status, disruption drivers and transit trend.',
    arguments: [{ name: 'id', description: 'Canonical chokepoint id, e.g. hormuz_strait.', required: true }],
    text: ({ id }) =>
      `Report on the maritime chokepoint ${id}. Read mds://chokepoints/${id} for its disruption score, badge and ` +
      `warnings, call get_chokepoint_history with chokepointId=${id} for its daily transits, and compare the last ` +
      'week with the weeks before. Name what drives the score (warnings, congestion, traffic anomaly) and say how ' +
      'fresh each input is; an upstreamUnavailable flag means the picture is incomplete, not calm.',
  },
];
