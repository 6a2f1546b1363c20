import { z } from 'zod';
import { int32Param, int64Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../conflict/index.js';

const epochMs = (description: string) => z.number().int().meta({ format: 'int64', description });

export const ThreatType = z.enum([
  'CYBER_THREAT_TYPE_UNSPECIFIED',
  'CYBER_THREAT_TYPE_C2_SERVER',
  'CYBER_THREAT_TYPE_MALWARE_HOST',
  'CYBER_THREAT_TYPE_PHISHING',
  'CYBER_THREAT_TYPE_MALICIOUS_URL',
]);
export const ThreatSource = z.enum([
  'CYBER_THREAT_SOURCE_UNSPECIFIED',
  'CYBER_THREAT_SOURCE_FEODO',
  'CYBER_THREAT_SOURCE_URLHAUS',
  'CYBER_THREAT_SOURCE_C2INTEL',
  'CYBER_THREAT_SOURCE_OTX',
  'CYBER_THREAT_SOURCE_ABUSEIPDB',
]);
export const Criticality = z.enum([
  'CRITICALITY_LEVEL_UNSPECIFIED',
  'CRITICALITY_LEVEL_LOW',
  'CRITICALITY_LEVEL_MEDIUM',
  'CRITICALITY_LEVEL_HIGH',
  'CRITICALITY_LEVEL_CRITICAL',
]);
export type Criticality = z.infer<typeof Criticality>;

export const CyberThreat = z
  .object({
    id: z.string().min(1).meta({ description: 'Stable id: `<source>:<indicator>`.' }),
    type: ThreatType.meta({ description: 'What the indicator is used for.' }),
    source: ThreatSource.meta({ description: 'Feed that reported it.' }),
    indicator: z.string().meta({ description: 'The IP address, domain or URL.' }),
    indicatorType: z.enum([
      'CYBER_THREAT_INDICATOR_TYPE_UNSPECIFIED',
      'CYBER_THREAT_INDICATOR_TYPE_IP',
      'CYBER_THREAT_INDICATOR_TYPE_DOMAIN',
      'CYBER_THREAT_INDICATOR_TYPE_URL',
    ]),
    location: GeoCoordinates.optional().meta({
      description: 'Centroid of the hosting country when the feed names one (country-level precision only).',
    }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the hosting country, or empty.' }),
    severity: Criticality.meta({
      description:
        'CRITICAL for live botnet C2, HIGH for other C2 and live malware hosts, MEDIUM for offline or phishing URLs.',
    }),
    malwareFamily: z.string().meta({ description: 'Malware family, when known.' }),
    tags: z.array(z.string()).meta({ description: 'Feed tags.' }),
    firstSeenAt: epochMs('First reported, Unix epoch milliseconds.'),
    lastSeenAt: epochMs('Last seen active, Unix epoch milliseconds.'),
  })
  .meta({ id: 'cyber_v1_CyberThreat', description: 'One malicious infrastructure indicator.' });
export type CyberThreat = z.infer<typeof CyberThreat>;

export const ListCyberThreatsRequest = z.object({
  start: int64Param({
    min: 0,
    description:
      'Keep indicators last seen at or after this time, Unix epoch milliseconds. Omitted or 0: no lower bound.',
  }),
  end: int64Param({
    min: 0,
    description:
      'Keep indicators first seen at or before this time, Unix epoch milliseconds. Omitted or 0: no upper bound.',
  }),
  page_size: int32Param({
    min: 0,
    description: `Threats per page. Omitted or 0 means ${DEFAULT_PAGE_SIZE}; values above ${MAX_PAGE_SIZE} are treated as ${MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Offset to continue from: pagination.nextCursor of the previous page (a decimal number).', 16),
  type: z
    .enum([
      'CYBER_THREAT_TYPE_C2_SERVER',
      'CYBER_THREAT_TYPE_MALWARE_HOST',
      'CYBER_THREAT_TYPE_PHISHING',
      'CYBER_THREAT_TYPE_MALICIOUS_URL',
    ])
    .optional()
    .meta({ description: 'Keep only this type.' }),
  source: z
    .enum([
      'CYBER_THREAT_SOURCE_FEODO',
      'CYBER_THREAT_SOURCE_URLHAUS',
      'CYBER_THREAT_SOURCE_C2INTEL',
      'CYBER_THREAT_SOURCE_OTX',
      'CYBER_THREAT_SOURCE_ABUSEIPDB',
    ])
    .optional()
    .meta({ description: 'Keep only this feed.' }),
  min_severity: z
    .enum(['CRITICALITY_LEVEL_LOW', 'CRITICALITY_LEVEL_MEDIUM', 'CRITICALITY_LEVEL_HIGH', 'CRITICALITY_LEVEL_CRITICAL'])
    .optional()
    .meta({ description: 'Keep threats at this severity or above.' }),
});
export type ListCyberThreatsRequest = z.infer<typeof ListCyberThreatsRequest>;

export const ListCyberThreatsResponse = z
  .object({ threats: z.array(CyberThreat), pagination: PaginationResponse })
  .meta({
    id: 'cyber_v1_ListCyberThreatsResponse',
    description: 'Threat indicators, most severe first, then most recently seen.',
  });
export type ListCyberThreatsResponse = z.infer<typeof ListCyberThreatsResponse>;
