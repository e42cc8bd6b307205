import { z } from 'zod';
import { listMetaSchema } from '../wire/envelopes';
import { responseTimestampSchema } from '../wire/formats';
import { isCacheResource } from './resources';

/**
 * How much of what a view shows is backed by a complete sync. Views always get the cached answer
 * at once; `complete: false` means "this is what we have so far", never "wait".
 */
export const freshnessSchema = z.object({
  complete: z.boolean(),
  /** When the data behind this answer was last pulled whole from the service. */
  syncedAt: responseTimestampSchema.nullable(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

/**
 * The resources an answer was built from, as main decided when it read them. A `cache:changed`
 * notice that `touches` them means the answer may be different now; any other notice cannot
 * have changed it.
 */
export const builtFromSchema = z.array(z.string().refine(isCacheResource, 'must be a resource'));

/** A page of a cached list: the service's list envelope, plus how fresh it is. */
export function cachedListSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    data: z.array(item),
    meta: listMetaSchema,
    freshness: freshnessSchema,
    builtFrom: builtFromSchema,
  });
}

export function cachedRecordSchema<Record extends z.ZodType>(record: Record) {
  return z.object({ data: record, freshness: freshnessSchema, builtFrom: builtFromSchema });
}
