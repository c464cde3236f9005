/** Small text helpers for what goes to a model: token estimates, one-line summaries, cutting long text. */

/** About 4 characters per token (as the model client estimates when a server sends no usage). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** One line, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Keeps the start and the end of a long text, with a note of what was cut in the middle. */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `\n… [${text.length - max} characters cut] …\n`;
  const keep = Math.max(0, max - note.length);
  const head = Math.ceil(keep * 0.6);
  return `${text.slice(0, head)}${note}${text.slice(text.length - (keep - head))}`;
}
