import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { initRepoWithCommit } from '../../src/testing/gitCli';

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A small project with one commit, as a person would have it (`files`: more files in that commit). */
export function makeFixtureRepo(files: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'akira-e2e-')));
  writeFiles(root, {
    'README.md': '# Demo project\n\nA fixture for Akira tests.\n',
    'package.json': '{\n  "name": "demo",\n  "version": "1.0.0"\n}\n',
    'src/index.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}`;\n}\n',
    'src/util/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
    '.gitignore': 'dist/\n*.log\n',
    'dist/bundle.js': 'ignored build output\n',
    ...files,
  });
  initRepoWithCommit(root);
  return root;
}
