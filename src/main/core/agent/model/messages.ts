/**
 * The conversation as the orchestrator builds it, and its OpenAI wire form.
 *
 *   ModelMessage = system | user | assistant (text and/or toolCalls) | tool (the result of one tool call)
 *   toOpenAiMessages(messages) → chat-completions `messages`
 */

export type ModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content?: string | null;
      /** Tool calls the model made; arguments as sent (raw string) or as an object. */
      toolCalls?: { id: string; name: string; arguments: string | Record<string, unknown> }[];
    }
  | { role: 'tool'; toolCallId: string; content: string };

export type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export function toOpenAiMessages(messages: readonly ModelMessage[]): OpenAiMessage[] {
  return messages.map((m): OpenAiMessage => {
    switch (m.role) {
      case 'system':
      case 'user':
        return { role: m.role, content: m.content };
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
      case 'assistant': {
        const calls = m.toolCalls ?? [];
        if (!calls.length) return { role: 'assistant', content: m.content ?? '' };
        return {
          role: 'assistant',
          content: m.content ? m.content : null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
          })),
        };
      }
    }
  });
}
