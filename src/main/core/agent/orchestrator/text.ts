/** Small text helpers of the orchestrator: token estimates, cutting, readable tool-call inputs. */

/** About 4 characters per token (as the model client estimates when a server sends no usage). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** One line, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Keeps the start and the end of a long text, with a note of what was cut in the middle. */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `\n… [${text.length - max} characters cut] …\n`;
  const keep = Math.max(0, max - note.length);
  const head = Math.ceil(keep * 0.6);
  return `${text.slice(0, head)}${note}${text.slice(text.length - (keep - head))}`;
}

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
