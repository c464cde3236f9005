/**
 * Tools as the model sees them: `{name, description, schema: ZodType}` → OpenAI function tools whose
 * `parameters` come from `z.toJSONSchema(schema, {io: 'input'})` (fields with defaults are optional for
 * the model), without the `$schema` key. Tool choice: 'auto' | 'none' | 'required' | {name}.
 *
 *   toOpenAiTools(specs)          throws ModelConfigError on a bad name, a duplicate or a non-object schema
 *   toOpenAiToolChoice(choice)
 */
import { z } from 'zod';
import { ModelConfigError } from './modelErrors';

export interface ToolSpec {
  name: string;
  description: string;
  /** The parameters as a zod schema (Akira's own tools) … */
  schema?: z.ZodType;
  /** … or as a JSON Schema object (an MCP server's tool: its inputSchema). */
  parameters?: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface OpenAiFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export type OpenAiToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The JSON Schema of a tool's parameters, as OpenAI accepts it (an object schema, no `$schema`). */
export function toolParameters(spec: ToolSpec): Record<string, unknown> {
  let json: Record<string, unknown>;
  try {
    json = spec.parameters ? { ...spec.parameters } : (z.toJSONSchema(spec.schema ?? z.object({}), { io: 'input' }) as Record<string, unknown>);
  } catch (err) {
    throw new ModelConfigError(`Tool ${spec.name}: its schema cannot be expressed as JSON Schema (${(err as Error).message}).`);
  }
  const { $schema: _ignored, ...parameters } = json;
  if (parameters.type !== 'object') {
    throw new ModelConfigError(`Tool ${spec.name}: parameters must be an object schema (z.object), got ${String(parameters.type ?? 'no type')}.`);
  }
  if (!parameters.properties) parameters.properties = {};
  return parameters;
}

export function toOpenAiTools(specs: readonly ToolSpec[]): OpenAiFunctionTool[] {
  const seen = new Set<string>();
  return specs.map((spec) => {
    if (!TOOL_NAME.test(spec.name)) throw new ModelConfigError(`Tool name "${spec.name}" is not valid: use 1-64 letters, digits, _ or -.`);
    if (seen.has(spec.name)) throw new ModelConfigError(`Tool ${spec.name} is listed twice.`);
    seen.add(spec.name);
    return { type: 'function', function: { name: spec.name, description: spec.description, parameters: toolParameters(spec) } };
  });
}

export function toOpenAiToolChoice(choice: ToolChoice, specs: readonly ToolSpec[] = []): OpenAiToolChoice {
  if (typeof choice === 'string') return choice;
  if (specs.length && !specs.some((s) => s.name === choice.name)) {
    throw new ModelConfigError(`Tool choice ${choice.name} is not one of the offered tools (${specs.map((s) => s.name).join(', ')}).`);
  }
  return { type: 'function', function: { name: choice.name } };
}
