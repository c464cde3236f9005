import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import { mainSourceFiles, repoRoot } from '../../testing/i18n/textFiles';

/**
 * Issue 14: every error the core throws for a person says its message in words of the shared catalogs
 * (`new AkiraError('not_found', fileErrors.notFound(path))`), so the UI and the CLI can say it in Chinese. A plain
 * string or a template literal as the message (also inside `a ? 'x' : y`, `a || 'x'`, `'x' + y`) is English only.
 */

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

/** The literal text leaves of an expression given as a message. */
function literalLeaves(node: Node | undefined, out: Node[] = []): Node[] {
  if (!node) return out;
  if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') out.push(node);
  else if (node.type === 'ConditionalExpression') {
    literalLeaves(node.consequent as Node, out);
    literalLeaves(node.alternate as Node, out);
  } else if (node.type === 'LogicalExpression' || node.type === 'BinaryExpression') {
    literalLeaves(node.left as Node, out);
    literalLeaves(node.right as Node, out);
  } else if (node.type === 'TSAsExpression' || node.type === 'ParenthesizedExpression' || node.type === 'TSNonNullExpression') {
    literalLeaves(node.expression as Node, out);
  }
  return out;
}

/** The lines where `new AkiraError(code, <text>)` is given text rather than words. */
function plainMessages(code: string): number[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript'] });
  const lines: number[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const n = node as Node;
    if (n.type === 'NewExpression' && (n.callee as Node).type === 'Identifier' && (n.callee as Node).name === 'AkiraError') {
      const message = (n.arguments as Node[])[1];
      for (const leaf of literalLeaves(message)) lines.push(leaf.loc!.start.line);
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'loc' && typeof value === 'object') visit(value);
  };
  visit(ast.program);
  return lines;
}

describe('AkiraError messages are words', () => {
  it('finds text given as a message (the checker itself can fail)', () => {
    const code = [
      "import { fileErrors } from '../../shared/errors';",
      "throw new AkiraError('not_found', fileErrors.notFound(path));",
      "throw new AkiraError('internal', 'plain');",
      'throw new AkiraError(\'internal\', `git ${x} failed`);',
      "throw new AkiraError(\n  'conflict',\n  ok ? sessionErrors.storeClosed : 'closed',\n);",
      "const words = fileErrors.notFound; throw new AkiraError('conflict', words(path), { currentHash });",
      "throw new AkiraError('internal', ('x' + y) as string);",
    ].join('\n');
    expect(plainMessages(code)).toEqual([3, 4, 7, 10]);
  });

  it('every new AkiraError in src/main is given words of the shared catalogs', () => {
    const found = mainSourceFiles().flatMap((file) =>
      plainMessages(readFileSync(join(repoRoot, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found, 'give these messages as words: a builder of src/shared/errors (docs/i18n.md "Errors")').toEqual([]);
  });
});
