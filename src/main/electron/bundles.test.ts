import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Checks the built bundles (vitest's global setup builds out/ when it is missing).
const out = resolve(__dirname, '../../../out');

function requiresOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
}

/** A bundle's requires, following its local chunks. */
function closure(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  return requiresOf(entry).flatMap((spec) => (spec.startsWith('.') ? closure(join(dirname(entry), spec), seen) : [spec]));
}

describe('built bundles', () => {
  it('the sandboxed preload is CommonJS and requires nothing but electron', () => {
    const preload = join(out, 'preload', 'index.cjs');
    expect(existsSync(preload), `${preload} (run npm run build)`).toBe(true);
    expect(new Set(requiresOf(preload))).toEqual(new Set(['electron']));
    expect(readFileSync(preload, 'utf8')).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('the CLI never loads electron; the desktop entry does', () => {
    expect(closure(join(out, 'main', 'cli.js'))).not.toContain('electron');
    expect(closure(join(out, 'main', 'index.js'))).toContain('electron');
  });
});
