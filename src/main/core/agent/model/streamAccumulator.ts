/**
 * Assembles streamed chat-completion chunks into one reply: text, tool calls (deltas merged by `index`;
 * id and name from the first delta that carries them, arguments concatenated), finish reason and usage.
 *
 *   const acc = createStreamAccumulator();
 *   for await (const chunk of stream) { const delta = acc.push(chunk); if (delta) onDelta(delta); }
 *   acc.complete  → true once a finish_reason arrived (a stream without one was cut)
 *   acc.result()  → {text, toolCalls, finishReason, usage}
 */

export interface ChunkLike {
  choices?: Array<{
    index?: number;
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: Array<{ index?: number; id?: string | null; type?: string | null; function?: { name?: string | null; arguments?: string | null } | null }> | null;
    } | null;
    finish_reason?: string | null;
  }> | null;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  model?: string;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** The parsed arguments; null when they were not a JSON object (see parseError). */
  arguments: Record<string, unknown> | null;
  /** The arguments exactly as the model sent them. */
  rawArguments: string;
  /** Why the arguments could not be used, for the tool result the model gets back; null when fine. */
  parseError: string | null;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call' | (string & {});

export interface AccumulatedReply {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: FinishReason | null;
  usage: { promptTokens: number; completionTokens: number } | null;
  model: string | null;
}

/** Parses tool arguments: `""` is `{}` (no-argument tools on some servers); anything but an object is an error. */
export function parseToolArguments(raw: string): Pick<ModelToolCall, 'arguments' | 'parseError'> {
  if (raw.trim() === '') return { arguments: {}, parseError: null };
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { arguments: value as Record<string, unknown>, parseError: null };
    return { arguments: null, parseError: `The arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}.` };
  } catch (err) {
    return { arguments: null, parseError: `The arguments are not valid JSON (${(err as Error).message}).` };
  }
}

export interface StreamAccumulator {
  /** Adds a chunk; returns the text it added (for onDelta), or '' when none. */
  push(chunk: ChunkLike): string;
  readonly complete: boolean;
  result(): AccumulatedReply;
}

export function createStreamAccumulator(): StreamAccumulator {
  let text = '';
  let finishReason: string | null = null;
  let usage: AccumulatedReply['usage'] = null;
  let model: string | null = null;
  const calls = new Map<number, { id: string; name: string; args: string }>();

  return {
    push(chunk) {
      if (chunk.model) model = chunk.model;
      if (chunk.usage) {
        usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
      }
      let added = '';
      for (const choice of chunk.choices ?? []) {
        if ((choice.index ?? 0) !== 0) continue;
        const delta = choice.delta;
        if (delta?.content) added += delta.content;
        for (const call of delta?.tool_calls ?? []) {
          const index = call.index ?? calls.size;
          const entry = calls.get(index) ?? { id: '', name: '', args: '' };
          if (call.id) entry.id = call.id;
          if (call.function?.name) entry.name += entry.name && entry.name === call.function.name ? '' : call.function.name;
          if (call.function?.arguments) entry.args += call.function.arguments;
          calls.set(index, entry);
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      text += added;
      return added;
    },
    get complete() {
      return finishReason !== null;
    },
    result() {
      const toolCalls = [...calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, rawArguments: c.args, ...parseToolArguments(c.args) }));
      return { text, toolCalls, finishReason, usage, model };
    },
  };
}
