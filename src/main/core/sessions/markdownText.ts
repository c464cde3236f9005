/** Small helpers that keep free text from breaking the markdown it is put in. */

/** One line: whitespace runs (newlines included) become one space; cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A table cell: pipes escaped, line breaks as <br>, cut to `max` characters. */
export function cell(text: string | null | undefined, max = 1000): string {
  if (!text) return '';
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return cut
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, '<br>')
    .replace(/\s+/g, (ws) => (ws.includes('<br>') ? ws : ' '))
    .trim();
}

/** An inline code span that survives backticks inside. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** `2025-01-02T03:04:05.678Z` → `2025-01-02 03:04:05Z`. */
export function shortTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** A quoted block (every line prefixed with "> "). */
export function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

export function formatCost(usd: number | null): string {
  if (usd === null) return 'unknown';
  return usd === 0 ? '$0' : usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatInt(n: number): string {
  return n.toLocaleString('en-US');
}
