import type { z } from 'zod';
import { buildJsonModeInstructions, parseJsonReply, toToolCall } from '../jsonMode';
import type { LegacyPhase } from '../jsonMode';
import type { AttemptReport, ModelClient, ModelMessage, ModelToolCall, RetryNotice, ToolChoice, Usage } from '../model';

/**
 * One model call of the orchestrator, on either path, with the same answer:
 *
 *   const caller = createModelCaller({client, jsonMode, onAttempts, onRetry});
 *   const r = await caller.call({phase, todoId, messages, tools, toolChoice, signal});
 *   r → {text, toolCalls, usage, costUsd}
 *
 * - native: the SDK's tool calling (`tools` as zod-schema ToolSpecs, `toolChoice` forwarded);
 * - JSON mode (a setting per model, for models without tool calling): the tools are described in the
 *   system prompt (jsonMode/buildJsonModeInstructions), the reply is parsed by the tolerant parser and
 *   turned into the same ModelToolCall; when it cannot be repaired the parser's error is sent back as a
 *   user message and the model is asked again (up to `jsonReasks` times, then the last text is answered
 *   with no tool call and the caller nudges as for any text-only reply).
 *
 * Every attempt is reported to `onAttempts` (for `model_call` events): failed ones as they happen, the
 * successful one with its cost once the call returns (in JSON mode with what the parser repaired, filled with
 * placeholders or re-asked for: `json`). Errors are the model client's typed errors.
 */

export interface CallTool {
  name: string;
  description: string;
  /** Akira's own tools: a zod schema; an MCP server's: its JSON Schema in `parameters`. */
  schema?: z.ZodType;
  parameters?: Record<string, unknown>;
}

export type CallPhase = 'plan' | 'assess' | 'execute' | 'verify' | 'final_check';

export interface ModelCallRequest {
  phase: CallPhase;
  todoId: string | null;
  messages: ModelMessage[];
  tools: CallTool[];
  toolChoice?: ToolChoice;
  signal?: AbortSignal;
}

export interface ModelCallResult {
  text: string;
  toolCalls: ModelToolCall[];
  usage: Usage;
  costUsd: number | null;
  /** JSON mode: the parser repaired the reply or re-asked (for the log). */
  repairs: string[];
}

/** JSON mode: what the parser did with an attempt's reply (its `model_call` event's `json`). */
export interface JsonReplyNote {
  repaired: string[];
  placeholders: string[];
  /** Why the reply could not be used and the model was asked again (or, after the last re-ask, given up on). */
  reasked?: string;
}

export interface AttemptRecord extends AttemptReport {
  phase: CallPhase;
  todoId: string | null;
  costUsd: number | null;
  json?: JsonReplyNote;
}

export interface ModelCallerOptions {
  client: ModelClient;
  jsonMode: boolean;
  /** Attempts of a call, in order (see the module comment). */
  onAttempts?(records: AttemptRecord[]): Promise<void> | void;
  onRetry?(notice: RetryNotice & { phase: CallPhase; todoId: string | null }): void;
  /** The model's text as it streams in (native tool calling only: JSON-mode text is the raw reply). */
  onDelta?(delta: { phase: CallPhase; todoId: string | null; text: string }): void;
  jsonReasks?: number;
}

export interface ModelCaller {
  readonly jsonMode: boolean;
  call(request: ModelCallRequest): Promise<ModelCallResult>;
}

const legacyPhaseOf: Record<CallPhase, LegacyPhase> = {
  plan: 'planning',
  assess: 'execution',
  execute: 'execution',
  verify: 'verification',
  final_check: 'verification',
};

/** Adds the JSON-mode instructions to the system message (or puts one first). */
function withInstructions(messages: ModelMessage[], instructions: string): ModelMessage[] {
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instructions}` }, ...rest];
  return [{ role: 'system', content: instructions }, ...messages];
}

/** At most 50 notes of at most 500 characters (the `model_call` event's bounds). */
const bounded = (notes: string[]) => notes.slice(0, 50).map((n) => n.slice(0, 500));

export function createModelCaller(options: ModelCallerOptions): ModelCaller {
  const { client, jsonMode } = options;
  const reasks = options.jsonReasks ?? 2;

  /** `note`: JSON mode reads the reply before its attempt is logged, so the log says what the parser did. */
  async function once(request: ModelCallRequest, messages: ModelMessage[], native: boolean, note?: (text: string) => JsonReplyNote | undefined) {
    const record = (r: AttemptReport, costUsd: number | null, json?: JsonReplyNote): AttemptRecord => ({ ...r, phase: request.phase, todoId: request.todoId, costUsd, ...(json ? { json } : {}) });
    // Failed attempts are logged as they happen; the successful one once its cost is known.
    const logged: Promise<void>[] = [];
    let ok: AttemptReport | null = null;
    let costUsd: number | null = null;
    let json: JsonReplyNote | undefined;
    try {
      const result = await client.complete({
        messages,
        ...(native ? { tools: request.tools, toolChoice: request.toolChoice } : {}),
        signal: request.signal,
        onAttempt: (r) => {
          if (r.outcome === 'ok') ok = r;
          else logged.push(Promise.resolve(options.onAttempts?.([record(r, null)])));
        },
        onRetry: (n) => options.onRetry?.({ ...n, phase: request.phase, todoId: request.todoId }),
        ...(native && options.onDelta ? { onDelta: (text: string) => options.onDelta!({ phase: request.phase, todoId: request.todoId, text }) } : {}),
      });
      costUsd = result.costUsd;
      json = note?.(result.text);
      return result;
    } finally {
      await Promise.all(logged);
      if (ok) await options.onAttempts?.([record(ok, costUsd, json)]);
    }
  }

  async function callNative(request: ModelCallRequest): Promise<ModelCallResult> {
    const r = await once(request, request.messages, true);
    return { text: r.text, toolCalls: r.toolCalls, usage: r.usage, costUsd: r.costUsd, repairs: [] };
  }

  async function callJson(request: ModelCallRequest): Promise<ModelCallResult> {
    const instructions = buildJsonModeInstructions(request.tools);
    let messages = withInstructions(request.messages, instructions);
    const usage: Usage = { promptTokens: 0, completionTokens: 0, estimated: false };
    let cost: number | null = null;
    const repairs: string[] = [];
    const names = request.tools.map((t) => t.name);
    const todoId = request.phase === 'final_check' ? 'task' : (request.todoId ?? undefined);
    for (let attempt = 0; ; attempt++) {
      let parsed!: ReturnType<typeof parseJsonReply>;
      const r = await once(request, messages, false, (text) => {
        parsed = parseJsonReply(text, { phase: legacyPhaseOf[request.phase], todoId, tools: names });
        if (!parsed.ok) return { repaired: [], placeholders: [], reasked: parsed.issues.join('; ') };
        return parsed.repaired.length || parsed.placeholders.length ? { repaired: bounded(parsed.repaired), placeholders: bounded(parsed.placeholders) } : undefined;
      });
      usage.promptTokens += r.usage.promptTokens;
      usage.completionTokens += r.usage.completionTokens;
      usage.estimated ||= r.usage.estimated;
      if (r.costUsd !== null) cost = (cost ?? 0) + r.costUsd;
      if (parsed.ok) {
        repairs.push(...parsed.repaired, ...parsed.placeholders.map((p) => `placeholder: ${p}`));
        const call = toToolCall(parsed.value, `json_${Date.now().toString(36)}_${attempt}`);
        const toolCalls = call && names.includes(call.name) ? [call] : [];
        const text = parsed.value.message;
        return { text, toolCalls, usage, costUsd: cost, repairs };
      }
      repairs.push(`re-asked: ${parsed.issues.join('; ')}`);
      if (attempt >= reasks) return { text: r.text, toolCalls: [], usage, costUsd: cost, repairs };
      messages = [...messages, { role: 'assistant', content: r.text }, { role: 'user', content: parsed.error }];
    }
  }

  return {
    jsonMode,
    call: (request) => (jsonMode ? callJson(request) : callNative(request)),
  };
}
