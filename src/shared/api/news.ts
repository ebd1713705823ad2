import { z } from 'zod';

// Spec A §3: news items; the title may contain markup and is rendered as sanitised HTML.
export const newsItemSchema = z.object({ link: z.string(), title: z.string(), publish_date: z.string() });
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = z
  .union([z.array(newsItemSchema), z.object({ data: z.array(newsItemSchema) })])
  .transform((v) => (Array.isArray(v) ? v : v.data));
