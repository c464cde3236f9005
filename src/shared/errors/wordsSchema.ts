import { z } from 'zod';

/**
 * `{key, values}` of the shared catalogs as an event or a result carries them (issue 14): an event's `reasonWords`
 * beside its English `reason`, an `errorWords` beside an English `error` (search.onResults, MCP server states, a
 * failed tool call, a mention not attached). Values are as long as the text they stand in (an event's text: 200,000).
 */
export const wordsSchema = z.object({
  key: z.string().min(1).max(200),
  values: z.array(z.union([z.string().max(200_000), z.number().finite()])).max(20),
});
