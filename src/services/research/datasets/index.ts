import { arxivPapersDataset } from './arxiv-papers.js';
import { hackernewsItemsDataset } from './hackernews-items.js';
import { techEventsDataset } from './tech-events.js';
import { trendingReposDataset } from './trending-repos.js';

export const RESEARCH_DATASETS = [
  arxivPapersDataset,
  trendingReposDataset,
  hackernewsItemsDataset,
  techEventsDataset,
] as const;
