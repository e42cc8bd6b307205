import { z } from 'zod';

/** A command: the renderer sends `input`, main answers `output`; both are parsed, never cast. */
export interface CommandSpec {
  input: z.ZodType;
  output: z.ZodType;
}

export const noInput = z.undefined();
