import { z } from 'zod';

export const PAGE_DEFAULT = 1;
export const PER_PAGE_DEFAULT = 25;
export const PER_PAGE_MAX = 100;

export const listMetaSchema = z.object({
  page: z.number().int().min(1),
  perPage: z.number().int().min(1).max(PER_PAGE_MAX),
  total: z.number().int().min(0),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listEnvelopeSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

export function singleEnvelopeSchema<Record extends z.ZodType>(record: Record) {
  return z.object({ data: record });
}

export interface ListEnvelope<Item> {
  data: Item[];
  meta: ListMeta;
}

export interface SingleEnvelope<Record> {
  data: Record;
}
