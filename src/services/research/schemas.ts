import { z } from 'zod';
import { boolParam, int32Param, stringParam } from '../../platform/query-params.js';
import { PaginationResponse } from '../../platform/schemas/core.js';

/** Page sizes shared by the three list feeds: omitted or 0 means the default, above the maximum is served as the maximum. */
export const ARXIV_DEFAULT_PAGE_SIZE = 20;
export const TRENDING_DEFAULT_PAGE_SIZE = 20;
export const HACKERNEWS_DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

function pageSize(fallback: number) {
  return int32Param({
    min: 0,
    description: `Items per page. Omitted or 0 means ${fallback}; values above ${MAX_PAGE_SIZE} are served as ${MAX_PAGE_SIZE}.`,
  });
}
const cursor = stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512);

// ---- arXiv ----

export const ARXIV_CATEGORIES = ['cs.AI', 'cs.CL', 'cs.CR'] as const;

export const ArxivPaper = z
  .object({
    id: z.string().min(1).meta({ description: 'arXiv identifier with version, e.g. `2611.04512v1`.' }),
    title: z.string().meta({ description: 'Paper title.' }),
    summary: z.string().meta({ description: 'Abstract, whitespace collapsed.' }),
    authors: z.array(z.string()).meta({ description: 'Author names in listed order.' }),
    categories: z.array(z.string()).meta({ description: 'arXiv subject categories, primary first.' }),
    publishedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'First submission time, Unix epoch milliseconds.' }),
    url: z.string().meta({ description: 'Abstract page on arxiv.org.' }),
  })
  .meta({ id: 'research_v1_ArxivPaper', description: 'A recent arXiv preprint.' });
export type ArxivPaper = z.infer<typeof ArxivPaper>;

export const ListArxivPapersRequest = z.object({
  page_size: pageSize(ARXIV_DEFAULT_PAGE_SIZE),
  cursor,
  category: stringParam(
    `arXiv category. Omitted means cs.AI; tracked: ${ARXIV_CATEGORIES.join(', ')} (any other gives an empty, uncached list).`,
    32,
  ),
  query: stringParam('Words that must all appear (case-insensitive) in the title, abstract or author names.', 200),
});
export type ListArxivPapersRequest = z.infer<typeof ListArxivPapersRequest>;

export const ListArxivPapersResponse = z
  .object({
    papers: z.array(ArxivPaper).meta({ description: 'Newest submissions first.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'research_v1_ListArxivPapersResponse', description: 'Recent papers of one arXiv category.' });
export type ListArxivPapersResponse = z.infer<typeof ListArxivPapersResponse>;

// ---- GitHub trending ----

export const TRENDING_LANGUAGES = ['python', 'javascript', 'typescript'] as const;
export const TRENDING_PERIODS = ['daily', 'weekly', 'monthly'] as const;

export const GithubRepo = z
  .object({
    fullName: z.string().min(1).meta({ description: '`owner/name`.' }),
    description: z.string().meta({ description: 'Repository description, or empty.' }),
    language: z.string().meta({ description: 'Main language as GitHub reports it.' }),
    stars: z.number().int().min(0).max(2147483647).meta({ format: 'int32', description: 'Total stargazers.' }),
    starsToday: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'Stars gained during the requested period (day, week or month).' }),
    forks: z.number().int().min(0).max(2147483647).meta({ format: 'int32', description: 'Total forks.' }),
    url: z.string().meta({ description: 'Repository page on github.com.' }),
  })
  .meta({ id: 'research_v1_GithubRepo', description: 'A repository trending on GitHub.' });
export type GithubRepo = z.infer<typeof GithubRepo>;

export const ListTrendingReposRequest = z.object({
  page_size: pageSize(TRENDING_DEFAULT_PAGE_SIZE),
  cursor,
  language: stringParam(
    `Programming language, any case. Omitted means python; tracked: ${TRENDING_LANGUAGES.join(', ')} (any other gives an empty, uncached list).`,
    64,
  ),
  period: stringParam(
    `Trending window, any case: ${TRENDING_PERIODS.join(', ')}. Omitted means daily; other values are refused.`,
    16,
  ),
});
export type ListTrendingReposRequest = z.infer<typeof ListTrendingReposRequest>;

export const ListTrendingReposResponse = z
  .object({
    repos: z.array(GithubRepo).meta({ description: 'In GitHub’s trending order.' }),
    pagination: PaginationResponse,
  })
  .meta({
    id: 'research_v1_ListTrendingReposResponse',
    description: 'Trending repositories for one language and period.',
  });
export type ListTrendingReposResponse = z.infer<typeof ListTrendingReposResponse>;

// ---- Hacker News ----

export const HN_FEEDS = ['top', 'new', 'best', 'ask', 'show', 'job'] as const;
export type HnFeed = (typeof HN_FEEDS)[number];

export const HackernewsItem = z
  .object({
    id: z.number().int().min(0).max(2147483647).meta({ format: 'int32', description: 'Hacker News item id.' }),
    title: z.string().meta({ description: 'Story title.' }),
    url: z.string().meta({ description: 'Linked article, or the discussion page for text posts.' }),
    score: z.number().int().min(0).max(2147483647).meta({ format: 'int32', description: 'Points.' }),
    commentCount: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'Comments in the thread.' }),
    by: z.string().meta({ description: 'Submitter username.' }),
    submittedAt: z.number().int().meta({ format: 'int64', description: 'Submission time, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'research_v1_HackernewsItem', description: 'A Hacker News story.' });
export type HackernewsItem = z.infer<typeof HackernewsItem>;

export const ListHackernewsItemsRequest = z.object({
  page_size: pageSize(HACKERNEWS_DEFAULT_PAGE_SIZE),
  cursor,
  feed_type: z.enum(HN_FEEDS).optional().meta({ description: 'Which Hacker News list. Omitted means top.' }),
});
export type ListHackernewsItemsRequest = z.infer<typeof ListHackernewsItemsRequest>;

export const ListHackernewsItemsResponse = z
  .object({
    items: z.array(HackernewsItem).meta({ description: 'In the list’s own ranking order.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'research_v1_ListHackernewsItemsResponse', description: 'Stories of one Hacker News list.' });
export type ListHackernewsItemsResponse = z.infer<typeof ListHackernewsItemsResponse>;

// ---- Tech events ----

export const TECH_EVENT_TYPES = ['conference', 'earnings', 'ipo', 'other'] as const;
export type TechEventType = (typeof TECH_EVENT_TYPES)[number];

export const EVENTS_DEFAULT_LIMIT = 50;
export const EVENTS_MAX_LIMIT = 200;
export const EVENTS_DEFAULT_DAYS = 90;
export const EVENTS_MAX_DAYS = 365;
export const EVENTS_UNAVAILABLE = 'tech events unavailable: no upstream data';

export const TechEventCoords = z
  .object({
    lat: z
      .number()
      .min(-90)
      .max(90)
      .optional()
      .meta({ format: 'double', description: 'Latitude of the host city; absent for online events.' }),
    lng: z
      .number()
      .min(-180)
      .max(180)
      .optional()
      .meta({ format: 'double', description: 'Longitude of the host city; absent for online events.' }),
    country: z.string().meta({ description: 'ISO 3166 alpha-2 code of the host country; empty for online events.' }),
    original: z.string().meta({ description: 'The location text as the feed gave it.' }),
    virtual: z.boolean().meta({ description: 'True for online-only events.' }),
  })
  .meta({ id: 'research_v1_TechEventCoords', description: 'Where an event takes place.' });

export const TechEvent = z
  .object({
    id: z.string().meta({ description: 'Stable id derived from the feed entry.' }),
    title: z.string().meta({ description: 'Event name.' }),
    type: z.string().meta({ description: 'One of conference, earnings (results call), ipo or other.' }),
    location: z.string().meta({ description: 'Location text, or empty.' }),
    coords: TechEventCoords.optional().meta({
      description: 'Resolved place; absent when the location is empty or not recognised.',
    }),
    startDate: z.string().meta({ description: 'First day, YYYY-MM-DD.' }),
    endDate: z.string().meta({ description: 'Last day (inclusive), YYYY-MM-DD.' }),
    url: z.string().meta({ description: 'Event page, or empty.' }),
    source: z.string().meta({ description: 'Feed the event came from: `techmeme`.' }),
    description: z.string().meta({ description: 'Notes from the feed, or empty.' }),
  })
  .meta({ id: 'research_v1_TechEvent', description: 'An upcoming technology conference or market event.' });
export type TechEvent = z.infer<typeof TechEvent>;

export const ListTechEventsRequest = z.object({
  type: z
    .enum(['all', ...TECH_EVENT_TYPES])
    .optional()
    .meta({ description: 'Kind of event. Omitted means all.' }),
  mappable: boolParam('true keeps only events with a physical location that has coordinates.'),
  limit: int32Param({
    min: 0,
    max: 500,
    description: `Most events to return. Omitted means ${EVENTS_DEFAULT_LIMIT}; an explicit value is served within 1..${EVENTS_MAX_LIMIT}.`,
  }),
  days: int32Param({
    min: 0,
    description: `How many days ahead to look. Omitted means ${EVENTS_DEFAULT_DAYS}; an explicit value is served within 1..${EVENTS_MAX_DAYS}.`,
  }),
});
export type ListTechEventsRequest = z.infer<typeof ListTechEventsRequest>;

export const ListTechEventsResponse = z
  .object({
    success: z.boolean().meta({ description: 'False when the request failed; see error.' }),
    count: z.number().int().meta({ format: 'int32', description: 'Events returned.' }),
    conferenceCount: z.number().int().meta({ format: 'int32', description: 'Conferences among the returned events.' }),
    mappableCount: z
      .number()
      .int()
      .meta({ format: 'int32', description: 'Conferences among the returned events that have map coordinates.' }),
    lastUpdated: z
      .string()
      .meta({ description: 'When the events feed was last read (ISO 8601), or empty when never.' }),
    events: z.array(TechEvent).meta({ description: 'Ongoing and upcoming events, soonest first.' }),
    error: z.string().optional().meta({ description: 'Why no data could be served; absent on a healthy answer.' }),
  })
  .meta({ id: 'research_v1_ListTechEventsResponse', description: 'Upcoming technology events.' });
export type ListTechEventsResponse = z.infer<typeof ListTechEventsResponse>;
