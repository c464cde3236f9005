import { parse as parseYaml } from 'yaml';

/**
 * The front matter of a rules file (Cursor `.mdc`, Kiro steering, Copilot `.instructions.md`, Windsurf rules):
 *
 *   splitFrontMatter('---\nalwaysApply: true\n---\n# Rules') → {data: {alwaysApply: true}, body: '# Rules', problem: null}
 *
 * Read as YAML with the `yaml` package; when that fails, as the flat `key: value` lines the tools themselves write
 * (Cursor's `globs: **\/*.ts, src/**` is not YAML: `*` starts an alias). A block that neither reads is a `problem`
 * (what the parser said) with no data and the whole text as the body, so nothing of the file is lost. A file that
 * does not open with `---` has no front matter.
 */

export interface FrontMatter {
  data: Record<string, unknown>;
  body: string;
  /** Why the front matter could not be read (English, for the problem note); null when it could, or there is none. */
  problem: string | null;
}

const KEY_LINE = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/;
const LIST_ITEM = /^\s+-\s*(.*)$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

function scalar(value: string): unknown {
  const v = value.replace(/\s+#.*$/, '').trim();
  if (v === '') return null;
  if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  if (v.startsWith('[') && v.endsWith(']')) {
    return v
      .slice(1, -1)
      .split(',')
      .map(unquote)
      .filter((s) => s !== '');
  }
  return unquote(v);
}

/** `key: value` lines (and `  - item` lists under a key); null when a line is neither. */
function flatLines(block: string): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  let last: string | null = null;
  for (const line of block.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = LIST_ITEM.exec(line);
    if (item && last !== null) {
      const prev = out[last];
      out[last] = [...(Array.isArray(prev) ? prev : prev === null || prev === undefined ? [] : [prev]), unquote(item[1])];
      continue;
    }
    const kv = KEY_LINE.exec(line);
    if (!kv) return null;
    last = kv[1];
    out[last] = scalar(kv[2]);
  }
  return out;
}

export function splitFrontMatter(text: string): FrontMatter {
  const doc = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  if (!/^---[ \t]*\n/.test(doc)) return { data: {}, body: doc, problem: null };
  const start = doc.indexOf('\n') + 1;
  const close = /^---[ \t]*$/m;
  const rest = doc.slice(start);
  const m = close.exec(rest);
  if (!m) return { data: {}, body: doc, problem: 'it opens with --- and has no closing --- line' };
  const block = rest.slice(0, m.index);
  const body = rest.slice(m.index + m[0].length).replace(/^\n/, '');
  let said = '';
  try {
    const parsed: unknown = parseYaml(block);
    if (parsed === null || parsed === undefined) return { data: {}, body, problem: null };
    if (isObject(parsed)) return { data: parsed, body, problem: null };
    said = 'it is not a list of fields';
  } catch (err) {
    said = (err as Error).message.split('\n')[0];
  }
  const flat = flatLines(block);
  if (flat) return { data: flat, body, problem: null };
  return { data: {}, body: doc, problem: said };
}
