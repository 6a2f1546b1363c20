import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../core/schemas.js';

const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const NavigationalWarning = z
  .object({
    id: z.string().meta({ description: '`<navArea>-<year>-<number>`.' }),
    title: z.string().meta({ description: '`NAVAREA <area> <number>/<year>`.' }),
    text: z.string().meta({ description: 'The broadcast text as published.' }),
    area: z.string().meta({ description: 'NAVAREA, with the subregion when given (e.g. `IX 62`).' }),
    location: GeoCoordinates.optional().meta({ description: 'The first position the text gives; absent when it gives none.' }),
    issuedAt: int64('Issue time, Unix epoch milliseconds; 0 when unreadable.'),
    expiresAt: int64('The self-cancellation time the text announces (`CANCEL THIS MSG ...`); 0 when it announces none.'),
    authority: z.string(),
  })
  .meta({ id: 'maritime_v1_NavigationalWarning', description: 'One active navigational warning.' });
export type NavigationalWarning = z.infer<typeof NavigationalWarning>;

export const ListNavigationalWarningsRequest = z.object({
  page_size: int32Param({ min: 0, max: 500, description: 'Warnings per page, up to 500; omitted or 0 means 100.' }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  area: stringParam('Case-insensitive text found in the warning’s area or text, e.g. `IV`, `hormuz`.', 100),
});
export type ListNavigationalWarningsRequest = z.infer<typeof ListNavigationalWarningsRequest>;

export const ListNavigationalWarningsResponse = z
  .object({
    warnings: z.array(NavigationalWarning).meta({ description: 'Active warnings, newest first.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'maritime_v1_ListNavigationalWarningsResponse', description: 'Active navigational warnings.' });
export type ListNavigationalWarningsResponse = z.infer<typeof ListNavigationalWarningsResponse>;
