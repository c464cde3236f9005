
/**
 * An MCP tool's result (its `content` parts) as the agent uses it: the text the model reads, and the images
 * (for vision models). Resources embedded in a result are shown by their text or their URI; a `resource_link` says
 * how the model reads it (issue 24): READ_RESOURCE_TOOL with the server and the URI.
 *
 *   toolResultOf({content: [{type: 'text', text: 'hi'}, {type: 'image', data, mimeType}], isError: false})
 *     → {text: 'hi', images: [{mediaType, dataBase64}], isError: false}
 */

/** An image a tool answered (the same shape as the model client's ModelImage). */
export interface McpImage {
  mediaType: string;
  dataBase64: string;
}

export interface McpToolResult {
  text: string;
  images: McpImage[];
  isError: boolean;
}

/** The agent's tool that reads an MCP server's resource (a link a tool answered, or one from the catalog). */
export const READ_RESOURCE_TOOL = 'read_mcp_resource';

type Part = { type?: string; text?: string; data?: string; mimeType?: string; resource?: { uri?: string; text?: string; mimeType?: string }; uri?: string; name?: string; description?: string; size?: number };

/** A resource link as the model reads it: what it is, and the call that reads it. */
function linkText(part: Part, server: string | null): string {
  const about = [part.name, part.mimeType, typeof part.size === 'number' ? `${part.size} bytes` : null, part.description].filter(Boolean).join(', ');
  const read = server ? `; read it with ${READ_RESOURCE_TOOL} ${JSON.stringify({ server, uri: part.uri ?? '' })}` : '';
  return `[resource link ${part.uri ?? ''}${about ? ` (${about})` : ''}${read}]`;
}

/** `server`: the server that answered (as configured), so a resource link says how to read it. */
export function toolResultOf(result: { content?: unknown; isError?: unknown; structuredContent?: unknown }, server: string | null = null): McpToolResult {
  const parts = Array.isArray(result.content) ? (result.content as Part[]) : [];
  const texts: string[] = [];
  const images: McpImage[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        texts.push(part.text ?? '');
        break;
      case 'image':
        if (part.data && part.mimeType) images.push({ mediaType: part.mimeType, dataBase64: part.data });
        texts.push(`[image ${part.mimeType ?? ''}]`);
        break;
      case 'audio':
        texts.push(`[audio ${part.mimeType ?? ''}: not shown]`);
        break;
      case 'resource':
        texts.push(part.resource?.text ?? `[resource ${part.resource?.uri ?? ''}]`);
        break;
      case 'resource_link':
        texts.push(linkText(part, server));
        break;
      default:
        texts.push(JSON.stringify(part));
    }
  }
  if (!parts.length && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent, null, 2));
  return { text: texts.join('\n') || '(no output)', images, isError: result.isError === true };
}
