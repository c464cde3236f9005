/**
 * The conversation as the orchestrator builds it, and its OpenAI wire form.
 *
 *   ModelMessage = system | user (text, and images for vision models) | assistant (text and/or toolCalls) | tool (the result of one tool call)
 *   toOpenAiMessages(messages) → chat-completions `messages`
 */

/** An image for a vision model, sent as an `image_url` part with a data: URL. */
export interface ModelImage {
  mediaType: string;
  dataBase64: string;
}

export type ModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: readonly ModelImage[] }
  | {
      role: 'assistant';
      content?: string | null;
      /** Tool calls the model made; arguments as sent (raw string) or as an object. */
      toolCalls?: { id: string; name: string; arguments: string | Record<string, unknown> }[];
    }
  | { role: 'tool'; toolCallId: string; content: string };

export type OpenAiContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAiContentPart[] }
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
        return { role: 'system', content: m.content };
      case 'user':
        if (!m.images?.length) return { role: 'user', content: m.content };
        return {
          role: 'user',
          content: [{ type: 'text', text: m.content }, ...m.images.map((i): OpenAiContentPart => ({ type: 'image_url', image_url: { url: `data:${i.mediaType};base64,${i.dataBase64}` } }))],
        };
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
