import { z } from 'zod';
import { VERIFY_TOOL_NAME } from './legacySchema';

/**
 * The system-prompt text for JSON mode: the reply schema, the rules and every offered tool with its
 * parameters (from the tool's JSON Schema, or its zod schema).
 *
 *   buildJsonModeInstructions(tools)   tools: registry entries ({name, description, parameters}),
 *                                      ToolSpecs ({name, description, schema}) or {name, description, params}
 * When the only tool is verify_todo, the text asks for a verdict instead (the verification call).
 */

export interface JsonModeTool {
  name: string;
  description: string;
  /** JSON Schema of the parameters. */
  parameters?: Record<string, unknown>;
  /** Or the zod schema (registry `params`, model ToolSpec `schema`). */
  params?: z.ZodType;
  schema?: z.ZodType;
}

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  description?: string;
  minimum?: number;
  maximum?: number;
};

function jsonSchemaOf(tool: JsonModeTool): Schema {
  if (tool.parameters) return tool.parameters as Schema;
  const zod = tool.params ?? tool.schema;
  if (!zod) return { type: 'object', properties: {} };
  return z.toJSONSchema(zod, { io: 'input' }) as Schema;
}

/** A compact type: `string`, `"a" | "b"`, `{path: string, limit?: integer}`, `{search: string}[]`. */
export function renderType(s: Schema | undefined, depth = 0): string {
  if (!s) return 'any';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.anyOf) return s.anyOf.map((a) => renderType(a, depth)).join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') return `${renderType(s.items, depth)}[]`;
  if (type === 'object' || s.properties) {
    if (depth > 2) return 'object';
    const required = new Set(s.required ?? []);
    const fields = Object.entries(s.properties ?? {}).map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${renderType(v, depth + 1)}`);
    return `{${fields.join(', ')}}`;
  }
  const bounded = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  if ((type === 'number' || type === 'integer') && bounded(s.minimum) && bounded(s.maximum)) return `${type} ${s.minimum}..${s.maximum}`;
  return type ?? 'any';
}

function renderTool(tool: JsonModeTool): string {
  const schema = jsonSchemaOf(tool);
  const lines = [`- ${tool.name} ${renderType(schema)}`, `  ${tool.description}`];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.description) lines.push(`  · ${key}: ${prop.description}`);
  }
  return lines.join('\n');
}

const AGENT_SHAPE = `{
  "type": "legacy_response",
  "phase": "planning" | "execution" | "complete",
  "todos": [{"id": "1", "description": "what to do", "expectedResult": "how to check it is done", "status": "pending"}],
  "toolCall": {"tool": "<one of the tools below>", "params": {…}} or null,
  "verification": null,
  "message": "one or two sentences for the user about this step",
  "complete": false
}`;

const VERIFY_SHAPE = `{
  "type": "legacy_response",
  "phase": "verification",
  "todos": [],
  "toolCall": null,
  "verification": {"todoId": "<the id under review, or \\"task\\">", "approved": true | false, "feedback": "why: what is missing or wrong, or what shows it is done", "confidence": 0.0 to 1.0},
  "message": "",
  "complete": false
}`;

const FORMAT_RULES = [
  'Reply with exactly ONE JSON object and nothing else: no prose before or after it, no code fences, no comments.',
  'Use double quotes; inside strings escape line breaks as \\n and double quotes as \\" (file contents too).',
];

export function buildJsonModeInstructions(tools: readonly JsonModeTool[]): string {
  if (tools.length === 1 && tools[0].name === VERIFY_TOOL_NAME) {
    return [
      '## Reply format (JSON mode)',
      'You cannot call tools natively. Give your verdict as one JSON object of this shape:',
      VERIFY_SHAPE,
      ...FORMAT_RULES.map((r) => `- ${r}`),
      '- "approved" is true only when the evidence shows the expected result is reached; when false, "feedback" says concretely what to fix.',
    ].join('\n');
  }
  return [
    '## Reply format (JSON mode)',
    'You cannot call tools natively. Every reply is one JSON object of this shape:',
    AGENT_SHAPE,
    'Rules:',
    ...FORMAT_RULES.map((r) => `- ${r}`),
    '- One action per reply: at most one toolCall. Its result comes back in the next message; then reply with a new object.',
    '- phase "planning" (the first reply): put the whole plan in "todos" (a concrete description and a checkable expectedResult each, status "pending") and set toolCall to null.',
    '- phase "execution": "todos" may be []. Do everything through toolCall: update_todo {"id", "status": "in_progress"} before starting a TODO, the file and command tools to do it, update_todo {"id", "status": "done", "result"} once its expected result is reached (a reviewer then checks it).',
    '- When every TODO is done: toolCall complete {"summary": "…"} (or "complete": true with the summary in "message").',
    '- "message" says what you are doing and why, briefly; it is shown to the user.',
    '',
    '## Tools (name {parameters}; "?" marks an optional parameter)',
    ...tools.map(renderTool),
  ].join('\n');
}
