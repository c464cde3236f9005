import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../shared/context/contextShapes';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { compareDiagnostics, dropDuplicates, pathFilter, workspacePaths } from './diagnosticPaths';

let base: string;
let root: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ dir: base, cleanup } = await tempDir('akira-diag-paths-'));
  root = join(base, 'ws');
  await writeTree(base, { 'ws/m/src/lib.rs': '', 'ws/src/main.rs': '', 'outside.rs': '' });
});
afterAll(() => cleanup());

describe('workspacePaths', () => {
  it('makes printed paths workspace-relative with forward slashes and drops files outside', () => {
    const at = workspacePaths(root, root);
    expect(at({ file: './src/a.ts' })).toBe('src/a.ts');
    expect(at({ file: 'src\\..\\src/a.ts'.replace(/\\/g, '/') })).toBe('src/a.ts');
    expect(at({ file: join(root, 'lib', 'b.js') })).toBe('lib/b.js');
    expect(at({ file: '' })).toBe('');
    expect(at({ file: '../outside.rs' })).toBeNull();
    expect(at({ file: join(base, 'outside.rs') })).toBeNull();
    expect(at({ file: '/usr/lib/node_modules/x.d.ts' })).toBeNull();
  });

  it("resolves against the first base where the file exists (cargo's workspace root), else the checker's folder", () => {
    const at = workspacePaths(root, join(root, 'm'));
    expect(at({ file: 'm/src/lib.rs', bases: [join(root, 'm'), root, base] })).toBe('m/src/lib.rs');
    expect(at({ file: 'src/lib.rs', bases: [join(root, 'm'), root] })).toBe('m/src/lib.rs');
    expect(at({ file: 'outside.rs', bases: [root, base] })).toBeNull();
    expect(at({ file: 'src/new.rs', bases: [base] })).toBe('m/src/new.rs');
  });
});

describe('pathFilter', () => {
  it('keeps the named files and what is under named folders, and project-wide problems', () => {
    const keep = pathFilter(root, ['./src//a.ts', 'lib/'])!;
    expect(['src/a.ts', 'src/a.tsx', 'lib/x/y.js', 'library.js', ''].filter(keep)).toEqual(['src/a.ts', 'lib/x/y.js', '']);
    expect(pathFilter(root, [])).toBeNull();
    expect(pathFilter(root, ['.'])).toBeNull();
    expect(() => pathFilter(root, ['../x'])).toThrow(/outside the workspace/);
  });
});

describe('order', () => {
  const d = (file: string, line: number, severity: Diagnostic['severity'], column = 1): Diagnostic => ({ file, line, column, severity, message: 'm', source: 'tsc', code: null });
  it('puts errors first, then sorts by file, line and column; drops exact duplicates', () => {
    const list = [d('b.ts', 1, 'warning'), d('b.ts', 9, 'error'), d('a.ts', 5, 'info'), d('a.ts', 7, 'error', 3), d('a.ts', 7, 'error', 2), d('b.ts', 9, 'error')];
    expect(dropDuplicates(list).sort(compareDiagnostics).map((x) => `${x.severity} ${x.file}:${x.line}:${x.column}`)).toEqual([
      'error a.ts:7:2',
      'error a.ts:7:3',
      'error b.ts:9:1',
      'warning b.ts:1:1',
      'info a.ts:5:1',
    ]);
  });
});
