import { orefHistoryDataset } from './oref-history.js';
import { telegramMessagesDataset } from './telegram-messages.js';
import { xPostsDataset } from './x-posts.js';

export const FEED_DATASETS = [orefHistoryDataset, xPostsDataset, telegramMessagesDataset] as const;
