import { z } from 'zod';
import { getDiagnosticsTool } from './getDiagnostics';
import { listFilesTool } from './listFiles';
import { readFileTool } from './readFile';
import { runCommandTool } from './runCommand';
import { searchFilesTool } from './searchFiles';
import { controlTools, type CompleteParams, type ControlHandler, type TodoWriteParams, type UpdateTodoParams } from './todoTools';
import { toToolError, ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';
import { toolNames, type ControlToolName, type ToolCategory, type ToolContext, type ToolDefinition, type ToolName, type ToolResult } from './toolTypes';
import { deleteFileTool, editFileTool, writeFileTool } from './writeTools';
import { modeTools } from './modeTools';
import { taskTools } from './taskTools';

/**
 * The one tool registry every face's agent uses (docs/architecture.md "Agent protocol": names and parameters pinned).
 *
 *   const registry = createToolRegistry({ handlers: { todo_write, update_todo, complete } });
 *   registry.definitions()                  // OpenAI `tools` entries, parameters from the zod schemas
 *   registry.get('edit_file')?.category     // 'write' (policy: read | write | command | control)
 *   await registry.execute('read_file', rawArgs, ctx)   // → ToolResult; any failure is a ToolError
 *
 * `rawArgs` may be the model's JSON text or an object; it is validated (numbers and booleans sent as
 * strings are accepted) and a bad call answers a ToolError naming the problem and the parameters.
 * write_file/edit_file/delete_file answer `result.change` (a ProposedChange) and write nothing;
 * run_command runs through `ctx.runCommand`; the orchestrator's tools run the handlers it plugs in.
 */
export interface RegisteredTool {
  name: ToolName;
  description: string;
  category: ToolCategory;
  params: z.ZodObject;
  /** JSON Schema of the parameters (as the model sees them). */
  parameters: Record<string, unknown>;
}

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ControlHandlers {
  todo_write: ControlHandler<TodoWriteParams>;
  update_todo: ControlHandler<UpdateTodoParams>;
  complete: ControlHandler<CompleteParams>;
}

export interface ToolRegistry {
  readonly names: readonly ToolName[];
  get(name: string): RegisteredTool | undefined;
  list(): RegisteredTool[];
  /** OpenAI chat-completions `tools` for the given tools (default all). */
  definitions(names?: readonly ToolName[]): OpenAiTool[];
  /** Validated parameters of a call (ToolError when the tool is unknown or the arguments are wrong). */
  parse(name: string, args: unknown): { tool: RegisteredTool; params: Record<string, unknown> };
  execute(name: string, args: unknown, ctx: ToolContext): Promise<ToolResult>;
  setHandler<N extends ControlToolName>(name: N, handler: ControlHandlers[N]): void;
}

/** JSON Schema of a tool's parameters, without the `$schema` key providers reject. */
export function parametersSchema(schema: z.ZodObject): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export function toOpenAiTool(tool: { name: string; description: string; params: z.ZodObject }): OpenAiTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: parametersSchema(tool.params) } };
}

/** Unwraps optional/default/nullable to the inner type. */
function inner(type: z.ZodType): z.ZodType {
  let t = type;
  while (t instanceof z.ZodOptional || t instanceof z.ZodDefault || t instanceof z.ZodNullable) t = t.unwrap() as z.ZodType;
  return t;
}

/** Small models send `"limit": "50"` or `"recursive": "true"`: accept those for top-level numbers and booleans. */
function coerce(schema: z.ZodObject, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = out[key];
    if (value === null) delete out[key]; // "no value" for an optional parameter
    if (typeof value !== 'string') continue;
    const type = inner(field as z.ZodType);
    if (type instanceof z.ZodNumber && value.trim() !== '' && Number.isFinite(Number(value))) out[key] = Number(value);
    else if (type instanceof z.ZodBoolean && /^(true|false)$/i.test(value.trim())) out[key] = value.trim().toLowerCase() === 'true';
  }
  return out;
}

function parameterList(tool: RegisteredTool): string {
  const props = (tool.parameters.properties ?? {}) as Record<string, { type?: string }>;
  const required = new Set((tool.parameters.required ?? []) as string[]);
  return Object.entries(props)
    .map(([key, p]) => `${key} (${p.type ?? 'value'}${required.has(key) ? ', required' : ''})`)
    .join(', ');
}

export function createToolRegistry(options: { handlers?: Partial<ControlHandlers> } = {}): ToolRegistry {
  const executable: ToolDefinition<z.ZodObject>[] = [
    listFilesTool,
    readFileTool,
    searchFilesTool,
    writeFileTool,
    editFileTool,
    deleteFileTool,
    runCommandTool,
    getDiagnosticsTool,
  ] as unknown as ToolDefinition<z.ZodObject>[];
  const handlers: Partial<Record<ControlToolName, ControlHandler>> = { ...options.handlers };
  const tools = new Map<ToolName, RegisteredTool & { run(params: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> }>();
  for (const t of executable) {
    tools.set(t.name, { ...describe(t), run: (params, ctx) => t.execute(params, ctx) });
  }
  for (const t of controlTools) {
    tools.set(t.name, {
      ...describe(t),
      run: async (params, ctx) => {
        const handler = handlers[t.name];
        if (!handler) throw new ToolError('unavailable', `${t.name} is not available in this session.`);
        return handler(params, ctx);
      },
    });
  }

  // The mode tools and new_task are the orchestrator's (toolDispatch.ts): listed here, never run through the registry.
  for (const t of [...modeTools, ...taskTools]) {
    tools.set(t.name, {
      ...describe(t),
      run: async () => {
        throw new ToolError('unavailable', `${t.name} is not available in this session.`);
      },
    });
  }

  function describe(t: { name: ToolName; description: string; category: ToolCategory; params: z.ZodObject }): RegisteredTool {
    return { name: t.name, description: t.description, category: t.category, params: t.params, parameters: parametersSchema(t.params) };
  }

  function parse(name: string, args: unknown) {
    const tool = tools.get(name as ToolName);
    if (!tool) {
      throw new ToolError('bad_request', toolErrors.unknownTool(name), `Use one of: ${[...tools.keys()].join(', ')}.`);
    }
    let value = args;
    if (typeof value === 'string') {
      try {
        value = value.trim() ? JSON.parse(value) : {};
      } catch (err) {
        throw new ToolError('bad_request', `The arguments of ${name} are not valid JSON: ${(err as Error).message}`, `Send one JSON object with: ${parameterList(tool)}.`);
      }
    }
    if (value === undefined || value === null) value = {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw new ToolError('bad_request', `The arguments of ${name} must be a JSON object.`, `Send one JSON object with: ${parameterList(tool)}.`);
    }
    const parsed = tool.params.safeParse(coerce(tool.params, value as Record<string, unknown>));
    if (!parsed.success) {
      throw new ToolError('bad_request', toolErrors.invalidArguments(name), `Call ${name} again with: ${parameterList(tool)}.`, z.prettifyError(parsed.error));
    }
    return { tool, params: parsed.data as Record<string, unknown> };
  }

  return {
    names: toolNames,
    get: (name) => {
      const t = tools.get(name as ToolName);
      return t && describe(t);
    },
    list: () => [...tools.values()].map(describe),
    definitions: (names = toolNames) =>
      names.map((n) => {
        const t = tools.get(n);
        if (!t) throw new Error(`No tool ${n}`);
        return toOpenAiTool(t);
      }),
    parse: (name, args) => {
      const { tool, params } = parse(name, args);
      return { tool: describe(tool), params };
    },
    async execute(name, args, ctx) {
      try {
        if (ctx.signal?.aborted) throw new ToolError('unavailable', toolErrors.cancelled);
        const { tool, params } = parse(name, args);
        return await tools.get(tool.name)!.run(params, ctx);
      } catch (err) {
        throw toToolError(err);
      }
    },
    setHandler(name, handler) {
      handlers[name] = handler as ControlHandler;
    },
  };
}
