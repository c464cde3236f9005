import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Messages, TextCatalog } from '../../shared/i18n';

/** The repository's root (this file is src/testing/i18n/textFiles.ts). */
export const repoRoot = join(__dirname, '..', '..', '..');

function walk(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** The UI's TSX files (tests left out), relative to the repository. */
export function uiSourceFiles(): string[] {
  return walk(join(repoRoot, 'src/renderer/src'), (n) => n.endsWith('.tsx') && !n.includes('.test.'))
    .map((p) => relative(repoRoot, p))
    .sort();
}

/** The main process's TypeScript files (tests, fixtures and test kits left out), relative to the repository. */
export function mainSourceFiles(): string[] {
  return walk(join(repoRoot, 'src/main'), (n) => n.endsWith('.ts') && !n.includes('.test.') && !n.includes('.fixture.'))
    .map((p) => relative(repoRoot, p))
    .sort();
}

/** Every catalog file: `*Strings.ts` in the UI, the CLI and the core (`reviewStrings.ts`, `cliStrings.ts`). */
export function catalogFiles(): string[] {
  return ['src/renderer/src', 'src/main', 'src/shared']
    .flatMap((dir) => walk(join(repoRoot, dir), (n) => /Strings\.ts$/.test(n)))
    .sort();
}

export function isCatalog(value: unknown): value is TextCatalog<Messages> {
  return typeof value === 'object' && value !== null && 'en' in value && 'zh-CN' in value;
}
