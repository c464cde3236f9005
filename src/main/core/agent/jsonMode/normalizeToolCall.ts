import { canonicalKey } from './extractJson';
import { parseLenientJson } from './lenientJson';
import { VERIFY_TOOL_NAME } from './legacySchema';
import { resolveToolName } from './toolNames';

/**
 * Turns what a model put in `toolCall` (or `tool_call`, `action`, an OpenAI `{function: {name,
 * arguments}}`, an array of calls, a bare tool name) into `{tool, params}` with a pinned tool name.
 * Notes go to `notes` (repairs), `placeholders` and `issues` (what the model must fix).
 */

export interface Notes {
  repaired: string[];
  placeholders: string[];
  issues: string[];
}

export type NormalizedCall = { tool: string; params: unknown } | null;

const NAME_KEYS = ['tool', 'name', 'toolname', 'function', 'action'];
const PARAM_KEYS = ['params', 'parameters', 'arguments', 'args', 'input'];

function pick(obj: Record<string, unknown>, keys: readonly string[]): { key: string; value: unknown } | null {
  for (const want of keys) {
    for (const [key, value] of Object.entries(obj)) {
      if (canonicalKey(key) === want) return { key, value };
    }
  }
  return null;
}

/** A params value sent as text: `"{\"path\": \"a.ts\"}"`. */
function paramsFromString(text: string, notes: Notes): unknown {
  if (!text.trim()) return {};
  const start = text.indexOf('{');
  if (start >= 0) {
    const r = parseLenientJson(text, start);
    if (r.ok && r.value && typeof r.value === 'object') {
      notes.repaired.push('parsed toolCall.params from a JSON string');
      return r.value;
    }
  }
  return text;
}

export function normalizeToolCall(raw: unknown, notes: Notes, allowed: readonly string[]): NormalizedCall {
  let call = raw;
  if (call === undefined || call === null || call === false || call === '') return null;
  if (Array.isArray(call)) {
    if (!call.length) return null;
    if (call.length > 1) notes.repaired.push(`used the first of ${call.length} tool calls (one per reply)`);
    call = call[0];
  }
  if (typeof call === 'string') {
    const parsed = paramsFromString(call, { repaired: [], placeholders: [], issues: [] });
    call = parsed && typeof parsed === 'object' ? parsed : { tool: call };
  }
  if (!call || typeof call !== 'object' || Array.isArray(call)) {
    notes.issues.push('toolCall must be an object {"tool": "<name>", "params": {…}} or null');
    return null;
  }
  let obj = call as Record<string, unknown>;
  if (!Object.keys(obj).length) return null;

  // OpenAI shape: {type: "function", function: {name, arguments}}
  const fn = pick(obj, ['function']);
  if (fn && fn.value && typeof fn.value === 'object' && !Array.isArray(fn.value)) {
    obj = fn.value as Record<string, unknown>;
    notes.repaired.push('read an OpenAI-style function call');
  }

  const nameField = pick(obj, NAME_KEYS);
  const paramField = pick(obj, PARAM_KEYS);
  if (!nameField || typeof nameField.value !== 'string' || !nameField.value.trim()) {
    notes.issues.push(`toolCall.tool is missing: name one of the tools (${allowed.join(', ')})`);
    return null;
  }
  if (nameField.key !== 'tool') notes.repaired.push(`read toolCall.${nameField.key} as toolCall.tool`);

  const asked = nameField.value.trim();
  const tool = resolveToolName(asked);
  if (!tool) {
    notes.issues.push(`toolCall.tool: "${asked}" is not a tool; use one of: ${allowed.join(', ')}`);
    return null;
  }
  if (tool !== asked) notes.repaired.push(`mapped tool "${asked}" to ${tool}`);
  if (tool !== VERIFY_TOOL_NAME && !allowed.includes(tool)) {
    notes.issues.push(`toolCall.tool: ${tool} is not available here; use one of: ${allowed.join(', ')}`);
    return null;
  }

  let params: unknown;
  if (!paramField || paramField.value === null || paramField.value === undefined) {
    // params sent next to the name: {"tool": "read_file", "path": "a.ts"}
    const rest = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== nameField.key && !['type', 'id', ...PARAM_KEYS].includes(canonicalKey(k))));
    if (Object.keys(rest).length) {
      params = rest;
      notes.repaired.push('gathered tool parameters sent beside the tool name into params');
    } else {
      params = {};
      notes.placeholders.push('toolCall.params');
    }
  } else {
    if (paramField.key !== 'params') notes.repaired.push(`read toolCall.${paramField.key} as toolCall.params`);
    params = typeof paramField.value === 'string' ? paramsFromString(paramField.value, notes) : paramField.value;
  }
  return { tool, params };
}
