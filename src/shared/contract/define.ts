import { z } from 'zod';

/** A command of the contract: a name, the schema its input must satisfy and the schema of its result. */
export interface CommandDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  description: string;
}

/** An event of the contract: a name and the schema of its payload. */
export interface EventDef<S extends z.ZodType = z.ZodType> {
  data: S;
  description: string;
}

export function defineCommand<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  description: string,
): CommandDef<I, O> {
  return { input, output, description };
}

export function defineEvent<S extends z.ZodType>(data: S, description: string): EventDef<S> {
  return { data, description };
}

/** Commands that take no parameters accept `{}` or nothing at all. */
export const noInput = z.object({}).strict().optional().default({});
export const ok = z.object({ ok: z.literal(true) });
