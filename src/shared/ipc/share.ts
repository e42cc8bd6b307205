import { z } from 'zod';
import { noInput, type CommandSpec } from './command';

/** A laptop that read from this share, by its address, with when and how much. */
export const shareClientSchema = z.object({
  address: z.string(),
  firstAt: z.string(),
  lastAt: z.string(),
  reads: z.number().int().min(0),
  /** Reads answered 304: the laptop already held the answer. */
  unchanged: z.number().int().min(0),
});
export type ShareClient = z.infer<typeof shareClientSchema>;

/** An address of this machine the share may listen on; loopback shares with this machine only. */
export const shareInterfaceSchema = z.object({
  name: z.string(),
  address: z.string(),
  loopback: z.boolean(),
});
export type ShareInterface = z.infer<typeof shareInterfaceSchema>;

export const shareStatusSchema = z.discriminatedUnion('state', [
  /** `error`: why the last start failed (the port in use, the address gone), else `null`. */
  z.object({ state: z.literal('off'), error: z.string().nullable() }),
  z.object({
    state: z.literal('on'),
    /** `http://address:port/`, what the other laptops add as a profile. */
    url: z.string(),
    key: z.string(),
    host: z.string(),
    startedAt: z.string(),
    clients: z.array(shareClientSchema),
  }),
]);
export type ShareStatus = z.infer<typeof shareStatusSchema>;

/** A share another laptop announces on this network (mDNS), to add as a profile. */
export const nearbyShareSchema = z.object({ name: z.string(), url: z.string() });
export type NearbyShare = z.infer<typeof nearbyShareSchema>;

export const shareStateSchema = z.object({
  status: shareStatusSchema,
  interfaces: z.array(shareInterfaceSchema),
  /** "Shares nearby": empty where the network drops multicast. */
  nearby: z.array(nearbyShareSchema),
});
export type ShareState = z.infer<typeof shareStateSchema>;

/** Host text as an address: what `share:start` takes, checked again against the interfaces. */
const hostSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[0-9a-fA-F:.]+$/, 'must be an IP address');

export const shareCommands = {
  'share:get': { input: noInput, output: shareStateSchema },
  /** Serves the open profile's copy on `host` (one of `interfaces`) with a fresh key. */
  'share:start': { input: z.strictObject({ host: hostSchema }), output: shareStateSchema },
  'share:stop': { input: noInput, output: shareStateSchema },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
