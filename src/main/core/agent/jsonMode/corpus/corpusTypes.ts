import type { ParseJsonReplyOptions } from '../jsonReplyParser';

/**
 * One malformed (or merely sloppy) model reply and what the parser must make of it. Used by
 * jsonReplyParser.test.ts and available to end-to-end tests that script a JSON-mode model.
 */
export interface CorpusCase {
  name: string;
  raw: string;
  options?: ParseJsonReplyOptions;
  expect: RepairableExpectation | UnusableExpectation;
}

export interface RepairableExpectation {
  ok: true;
  /** A subset of the repaired value (toMatchObject). */
  value?: Record<string, unknown>;
  /** The native-path call the reply stands for (toToolCall): name and arguments; null for none. */
  call?: { name: string; arguments: Record<string, unknown> } | null;
  /** Each must appear within some entry of `repaired`. */
  repaired?: string[];
  /** Each must be one of `placeholders`. */
  placeholders?: string[];
}

export interface UnusableExpectation {
  ok: false;
  /** Each must appear in the error sent back to the model. */
  error: string[];
}
