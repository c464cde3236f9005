import type { AttachmentKind } from './contextShapes';

/**
 * `@` mentions in a task or a message (issue 11), parsed the same way by the core (which attaches what they
 * name) and the UI (which shows them as chips):
 *
 *   @src/app.ts          a file            @src/app.ts:10-20   lines 10 to 20 of it (`:10` one line)
 *   @docs/               a folder's listing (a trailing slash)
 *   @"my notes/a b.md"   a path with spaces, quoted
 *   @diff                the working tree's git diff         @problems   the project's diagnostics
 *   @checkpoint:<id>     that checkpoint's diff
 *   @mcp:<server>:<uri or prompt name>   an MCP server's resource (e.g. @mcp:docs:file:///guide.md) or prompt
 *   @"mcp:<server>:<prompt or URI template> key=value …"   a prompt with its arguments, or a resource template with
 *                        its variables (issue 24): `@"mcp:weather:forecast city=New York days=3"`; a value runs to the
 *                        next ` key=`, and cannot hold a `"`
 *
 * A mention starts the text or follows a space or an opening bracket (so `me@example.com` is none), and ends at
 * a space; trailing punctuation (`.`, `,`, `;`, `!`, `?`, `)`) is not part of it. `\@` is a literal `@`.
 */

export interface Mention {
  kind: AttachmentKind;
  /** The mention as written, without the `@` and the quotes. */
  ref: string;
  /** file and folder: the workspace-relative path as written (a folder's without its trailing slash). */
  path?: string;
  /** file: the lines asked for (1-based, inclusive). */
  startLine?: number;
  endLine?: number;
  /** checkpoint: its id. */
  checkpointId?: string;
  /** mcp: the server, and the resource URI or prompt name. */
  server?: string;
  target?: string;
  /** mcp, quoted: the prompt's arguments or the template's variables (`key=value` after the target). */
  args?: Record<string, string>;
  /** Where it is in the text: `text.slice(start, end)` is the whole mention with its `@`. */
  start: number;
  end: number;
}

const KEYWORDS: Record<string, AttachmentKind> = { diff: 'diff', problems: 'problems' };
const TRAILING = /[.,;!?)\]]+$/;
const LINES = /^(.*?):(\d+)(?:-(\d+))?$/;
const CHECKPOINT = /^checkpoint:([A-Za-z0-9_-]{1,64})$/;
const MCP = /^mcp:([^:\s]+):(\S+)$/;
const MCP_QUOTED = /^mcp:([^:\s]+):(\S+)(?:\s+([\s\S]*))?$/;
const ARG = /^([A-Za-z_][\w.-]*)=([\s\S]*)$/;

/** `key=value` words after an MCP mention's target: a value runs to the next ` key=` (so it may hold spaces). */
function mcpArgs(text: string): { extra: string; args: Record<string, string> } {
  const args: Record<string, string> = {};
  let extra = '';
  let last: string | null = null;
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const m = ARG.exec(word);
    if (m) {
      last = m[1];
      args[last] = m[2];
    } else if (last !== null) args[last] = `${args[last]} ${word}`;
    else extra += ` ${word}`;
  }
  return { extra, args };
}

/** The mention of an MCP server's resource, prompt or template; with `args`, the quoted form (what a completion inserts). */
export function mcpMentionFor(server: string, target: string, args: Readonly<Record<string, string>> = {}): string {
  const pairs = Object.entries(args).map(([k, v]) => `${k}=${v.replace(/"/g, '').replace(/\s+/g, ' ').trim()}`);
  if (!pairs.length && !/\s|"/.test(target)) return `@mcp:${server}:${target}`;
  return `@"${[`mcp:${server}:${target.replace(/"/g, '')}`, ...pairs].join(' ')}"`;
}

function mentionOf(ref: string, start: number, end: number, quoted: boolean): Mention | null {
  if (!ref) return null;
  if (!quoted) {
    const keyword = KEYWORDS[ref.toLowerCase()];
    if (keyword) return { kind: keyword, ref, start, end };
    const cp = CHECKPOINT.exec(ref);
    if (cp) return { kind: 'checkpoint', ref, checkpointId: cp[1], start, end };
    const mcp = MCP.exec(ref);
    if (mcp) return { kind: 'mcp', ref, server: mcp[1], target: mcp[2], start, end };
  } else {
    const mcp = MCP_QUOTED.exec(ref);
    if (mcp) {
      const { extra, args } = mcpArgs(mcp[3] ?? '');
      return { kind: 'mcp', ref, server: mcp[1], target: mcp[2] + extra, ...(Object.keys(args).length ? { args } : {}), start, end };
    }
  }
  if (ref.endsWith('/')) {
    const path = ref.replace(/\/+$/, '');
    return { kind: 'folder', ref, path: path || '.', start, end };
  }
  const lines = LINES.exec(ref);
  if (lines && lines[1]) {
    const a = Number(lines[2]);
    const b = lines[3] ? Number(lines[3]) : a;
    if (a >= 1 && b >= 1) return { kind: 'file', ref, path: lines[1], startLine: Math.min(a, b), endLine: Math.max(a, b), start, end };
  }
  return { kind: 'file', ref, path: ref, start, end };
}

/** The mentions of a text, in order (the same mention twice is listed twice; callers dedupe by `ref`). */
export function parseMentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '@') continue;
    const before = i === 0 ? ' ' : text[i - 1];
    if (before === '\\' || !(/\s/.test(before) || before === '(' || before === '[')) continue;
    if (text[i + 1] === '"') {
      const close = text.indexOf('"', i + 2);
      if (close < 0) continue;
      const m = mentionOf(text.slice(i + 2, close), i, close + 1, true);
      if (m) out.push(m);
      i = close;
      continue;
    }
    let j = i + 1;
    while (j < text.length && !/\s/.test(text[j])) j++;
    let token = text.slice(i + 1, j);
    const trimmed = token.replace(TRAILING, '');
    const end = j - (token.length - trimmed.length);
    token = trimmed;
    const m = mentionOf(token, i, end, false);
    if (m) out.push(m);
    i = j - 1;
  }
  return out;
}

/** The mention text for a path (quoted when it has a space): what a completion inserts. */
export function mentionFor(path: string, kind: 'file' | 'folder' = 'file'): string {
  const ref = kind === 'folder' && !path.endsWith('/') ? `${path}/` : path;
  return /\s|"/.test(ref) ? `@"${ref.replace(/"/g, '')}"` : `@${ref}`;
}

/** The text without one mention (a chip removed): the mention and one space next to it go. */
export function removeMention(text: string, mention: Pick<Mention, 'start' | 'end'>): string {
  let { start, end } = mention;
  if (text[end] === ' ') end++;
  else if (start > 0 && text[start - 1] === ' ') start--;
  return text.slice(0, start) + text.slice(end);
}

/** The mention being typed at the caret (for completion): the text after its `@`, or null when the caret is not in one. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  let i = caret - 1;
  while (i >= 0 && !/\s/.test(text[i]) && text[i] !== '@') i--;
  if (i < 0 || text[i] !== '@') return null;
  const before = i === 0 ? ' ' : text[i - 1];
  if (!(/\s/.test(before) || before === '(' || before === '[')) return null;
  return { start: i, query: text.slice(i + 1, caret) };
}
