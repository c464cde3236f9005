import { parse } from '@babel/parser';

/**
 * Finds text a person would read that is written straight into a TSX file instead of coming from a catalog
 * (issue 14: "a test fails when a UI string is not in both catalogs"): JSX text with words, words in the
 * attributes people read (title, aria-label, placeholder, alt, label), and string literals a JSX expression
 * shows (`{busy ? 'Saving…' : 'Save'}`). Symbols, numbers and the names that are the same in every language pass.
 */
const READ_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-description', 'aria-roledescription', 'aria-valuetext']);
const WORDS = /[A-Za-z]{2,}/;
const SAME = /^(Akira|Git|JSON|MCP|TODO|API|URL|OK|Ctrl|Shift|Alt|Esc|Enter|Tab|px|ms|KB|MB|[A-Z]|[A-Za-z]\d*)$/;

export interface UiStringHit {
  line: number;
  text: string;
}

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

function isWords(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || !WORDS.test(t)) return false;
  return !t.split(/[^A-Za-z0-9.]+/).filter((w) => /[A-Za-z]/.test(w)).every((w) => SAME.test(w));
}

/** String-valued leaves of an expression a JSX slot shows (ternaries, `a || 'x'`, template text). */
function shownStrings(node: Node | null | undefined, out: Node[]): void {
  if (!node) return;
  if (node.type === 'StringLiteral') out.push(node);
  else if (node.type === 'TemplateLiteral') for (const q of node.quasis as Node[]) out.push(q);
  else if (node.type === 'ConditionalExpression') {
    shownStrings(node.consequent as Node, out);
    shownStrings(node.alternate as Node, out);
  } else if (node.type === 'LogicalExpression') {
    shownStrings(node.left as Node, out);
    shownStrings(node.right as Node, out);
  }
}

function valueOf(node: Node): string {
  if (node.type === 'TemplateElement') return (node.value as { cooked?: string; raw: string }).cooked ?? (node.value as { raw: string }).raw;
  return String(node.value ?? '');
}

export function scanUiStrings(source: string, fileName = 'file.tsx'): UiStringHit[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'], sourceFilename: fileName }) as unknown as Node;
  const hits: UiStringHit[] = [];
  const add = (node: Node, text: string) => {
    if (isWords(text)) hits.push({ line: node.loc?.start.line ?? 0, text: text.replace(/\s+/g, ' ').trim() });
  };
  const visit = (node: unknown, parent: Node | null): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, parent);
      return;
    }
    const n = node as Node;
    if (typeof n.type !== 'string') return;
    if (n.type === 'JSXText') add(n, String(n.value));
    else if (n.type === 'JSXAttribute') {
      const name = (n.name as Node).name as string;
      const value = n.value as Node | null;
      if (READ_ATTRIBUTES.has(name) && value) {
        if (value.type === 'StringLiteral') add(value, String(value.value));
        else if (value.type === 'JSXExpressionContainer') {
          const shown: Node[] = [];
          shownStrings(value.expression as Node, shown);
          for (const s of shown) add(s, valueOf(s));
        }
      }
      return;
    } else if (n.type === 'JSXExpressionContainer' && parent && (parent.type === 'JSXElement' || parent.type === 'JSXFragment')) {
      const shown: Node[] = [];
      shownStrings(n.expression as Node, shown);
      for (const s of shown) add(s, valueOf(s));
    }
    for (const key of Object.keys(n)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
      visit(n[key], n);
    }
  };
  visit(ast, null);
  return hits;
}
