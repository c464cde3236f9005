/** Small text helpers of the orchestrator: token estimates and cutting (common/text.ts), readable tool-call inputs. */

export { cutMiddle, estimateTokens, oneLine } from '../../../common/text';
import { cutMiddle } from '../../../common/text';

const ARG_STRING_MAX = 400;

/**
 * A tool call's arguments as compact JSON with long strings cut (file contents), for the log, the
 * faces and the context of later calls (it stays valid JSON).
 */
export function summarizeArgs(args: Record<string, unknown> | null, raw: string): string {
  if (!args) return cutMiddle(raw, 1000);
  const shorten = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') {
      return value.length > ARG_STRING_MAX ? `${value.slice(0, ARG_STRING_MAX)}… [${value.length} characters in all]` : value;
    }
    if (Array.isArray(value)) return depth > 3 ? `[${value.length} items]` : value.slice(0, 50).map((v) => shorten(v, depth + 1));
    if (value && typeof value === 'object') {
      if (depth > 3) return '{…}';
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, depth + 1)]));
    }
    return value;
  };
  return JSON.stringify(shorten(args, 0));
}
