import { parseLenientJson, type RepairKind, type Truncation } from './lenientJson';

/**
 * Finds the JSON object in a model's reply: <think> blocks, prose and code fences around it are ignored; when the
 * reply holds several objects the first that looks like a reply (has a known field) is used, else the
 * first; a whole reply sent as a JSON string is decoded first.
 *
 *   extractJsonObject(raw, knownKeys) → {ok: true, value, repaired: string[], truncation}
 *                                     | {ok: false, error}
 */

export type Extracted =
  | { ok: true; value: Record<string, unknown>; repaired: string[]; truncation: Truncation | null }
  | { ok: false; error: string };

export const REPAIR_TEXT: Record<RepairKind, string> = {
  single_quotes: 'converted single-quoted strings',
  smart_quotes: 'converted smart quotes',
  backtick_strings: 'converted backtick strings',
  unquoted_keys: 'quoted unquoted keys',
  bare_values: 'quoted bare-word values',
  trailing_commas: 'removed trailing commas',
  missing_commas: 'inserted missing commas',
  comments: 'removed comments',
  python_literals: 'converted Python literals (True/False/None)',
  nan_undefined: 'replaced NaN/undefined/Infinity with null',
  raw_newlines: 'kept raw line breaks inside strings',
  invalid_escapes: 'kept invalid escapes literally',
  inner_quotes: 'kept unescaped quotes inside strings',
  number_format: 'fixed number formats',
  truncated: 'closed truncated output',
};

const MAX_OBJECTS = 8;

/** `{` followed by `}`, a quote, `key:` or the end of the text: the start of an object, not prose. */
function looksLikeObject(text: string, at: number): boolean {
  const rest = text.slice(at + 1, at + 200);
  const m = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/.exec(rest)!;
  const after = rest.slice(m[0].length);
  if (after === '' || after[0] === '}') return true;
  if (/^["'\u201c\u201d\u2018\u2019`]/.test(after)) return true;
  return /^[A-Za-z_$][\w$-]*\s*:/.test(after);
}

function decodeStringReply(raw: string): string | null {
  const t = raw.trim();
  if (!t.startsWith('"') || !t.endsWith('"')) return null;
  try {
    const inner: unknown = JSON.parse(t);
    return typeof inner === 'string' && inner.trim().startsWith('{') ? inner : null;
  } catch {
    return null;
  }
}

interface Found {
  value: Record<string, unknown>;
  start: number;
  end: number;
  repairs: Set<RepairKind>;
  truncation: Truncation | null;
}

export function extractJsonObject(raw: string, knownKeys: ReadonlySet<string>): Extracted {
  const repaired: string[] = [];
  let text = raw.replace(/^\ufeff/, '');
  // reasoning models think aloud first, drafts included: the reply is what follows
  const thought = text.replace(/<(think|thinking|reasoning)>[\s\S]*?(<\/\1>|$)/gi, '');
  if (thought !== text) {
    text = thought;
    repaired.push('removed a <think> block');
  }
  const decoded = decodeStringReply(text);
  if (decoded !== null) {
    text = decoded;
    repaired.push('decoded a reply sent as a JSON string');
  }

  const found: Found[] = [];
  let firstError: string | null = null;
  let at = text.indexOf('{');
  while (at >= 0 && found.length < MAX_OBJECTS) {
    if (!looksLikeObject(text, at)) {
      at = text.indexOf('{', at + 1);
      continue;
    }
    const r = parseLenientJson(text, at);
    if (!r.ok) {
      if (!found.length) firstError = r.message;
      break;
    }
    found.push({ value: r.value as Record<string, unknown>, start: at, end: r.end, repairs: r.repairs, truncation: r.truncation });
    if (r.truncation) break;
    at = text.indexOf('{', r.end);
  }

  if (!found.length) {
    if (firstError) return { ok: false, error: `The JSON object is malformed: ${firstError}` };
    const what = text.trim() ? 'The reply contains no JSON object' : 'The reply is empty';
    return { ok: false, error: `${what}; the whole reply must be one JSON object.` };
  }

  const known = (v: Record<string, unknown>) => Object.keys(v).some((k) => knownKeys.has(canonicalKey(k)));
  const chosen = found.find((f) => known(f.value)) ?? found[0];
  if (found.length > 1) repaired.push(`used the ${chosen === found[0] ? 'first' : 'first reply-shaped'} of ${found.length} JSON objects`);

  const before = text.slice(0, chosen.start);
  const after = text.slice(chosen.end);
  const fence = /```/.test(before) || /^\s*```/.test(after);
  if (fence) repaired.push('removed a markdown code fence');
  if (before.replace(/```[\w-]*/g, '').trim() && chosen === found[0]) repaired.push('ignored text before the JSON object');
  const tail = found.length > 1 ? text.slice(found[found.length - 1].end) : after;
  if (tail.replace(/```/g, '').trim()) repaired.push('ignored text after the JSON object');

  for (const kind of Object.keys(REPAIR_TEXT) as RepairKind[]) {
    if (chosen.repairs.has(kind)) repaired.push(REPAIR_TEXT[kind]);
  }
  return { ok: true, value: chosen.value, repaired, truncation: chosen.truncation };
}

/** Key comparison form: lower case without `_`, `-` or spaces (`tool_call` ≡ `toolCall`). */
export function canonicalKey(key: string): string {
  return key.toLowerCase().replace(/[_\-\s]/g, '');
}
