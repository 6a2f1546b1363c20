import { z } from 'zod';

/** WHO Disease Outbreak News API (OData JSON, no key), newest 30. */
export const WHO_DON_URL =
  'https://www.who.int/api/news/diseaseoutbreaknews?sf_culture=en&$orderby=PublicationDateAndTime%20desc&$top=30';
const ITEM_BASE = 'https://www.who.int/emergencies/disease-outbreak-news/item';

export interface DonItem {
  title: string;
  url: string;
  publishedAt: number;
  summary: string;
}

const Item = z.object({
  Title: z.string(),
  ItemDefaultUrl: z.string(),
  PublicationDateAndTime: z.string(),
  Summary: z.string().nullable().optional(),
});

export function parseWhoDon(input: Buffer | string): DonItem[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`WHO DON response is not JSON: ${(err as Error).message}`);
  }
  const env = z.object({ value: z.array(z.unknown()) }).safeParse(json);
  if (!env.success) throw new Error('WHO DON response has no value list');
  return env.data.value.flatMap((raw) => {
    const i = Item.safeParse(raw);
    if (!i.success) return [];
    const at = Date.parse(i.data.PublicationDateAndTime);
    if (!Number.isFinite(at)) return [];
    const url = /^https?:/.test(i.data.ItemDefaultUrl)
      ? i.data.ItemDefaultUrl
      : `${ITEM_BASE}${i.data.ItemDefaultUrl.startsWith('/') ? '' : '/'}${i.data.ItemDefaultUrl}`;
    return [{ title: i.data.Title.trim(), url, publishedAt: at, summary: i.data.Summary ?? '' }];
  });
}
