import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Layers by runtime (DESIGN.md): core is plain Node, the renderer never reaches into main, shared runs
// anywhere, the preload sees only electron and the contract. Checked on every source file.

const SRC = __dirname;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : [];
  });
}

function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every module specifier a file imports, re-exports, requires or imports dynamically. */
export function importsOf(code: string): string[] {
  const text = stripComments(code);
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]));
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isNodeBuiltin = (spec: string) => spec.startsWith('node:') || NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split('/')[0]);
const isElectron = (spec: string) => spec === 'electron' || spec.startsWith('electron/');
const DOM_GLOBALS = /\b(window|document|navigator|localStorage|sessionStorage|HTMLElement|customElements)\s*[.[]/;
const DOM_PACKAGES = /^(react|react-dom|monaco-editor|@xterm\/|zustand|@tanstack\/)/;

/** Where a relative specifier lands, relative to src/ (null for packages). */
function target(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return relative(SRC, resolve(dirname(file), spec)).split(sep).join('/');
}

interface Violation {
  file: string;
  spec: string;
  rule: string;
}

/** The layer rules for one file; `file` is absolute, under src/. */
export function violations(file: string, code: string): Violation[] {
  const rel = relative(SRC, file).split(sep).join('/');
  const found: Violation[] = [];
  const add = (spec: string, rule: string) => found.push({ file: rel, spec, rule });
  const under = (prefix: string, path: string | null) => path !== null && (path === prefix || path.startsWith(`${prefix}/`));
  for (const spec of importsOf(code)) {
    const to = target(file, spec);
    if (under('main/core', rel) && isElectron(spec)) add(spec, 'src/main/core never imports electron');
    if (under('renderer', rel) && (under('main', to) || under('preload', to))) add(spec, 'src/renderer never imports src/main or src/preload');
    if (under('shared', rel)) {
      if (isNodeBuiltin(spec) || isElectron(spec)) add(spec, 'src/shared imports no Node or Electron modules');
      if (DOM_PACKAGES.test(spec)) add(spec, 'src/shared imports no DOM-only packages');
      if (to !== null && !under('shared', to)) add(spec, 'src/shared imports only src/shared');
    }
    if (under('preload', rel) && !isElectron(spec) && !under('shared', to) && !under('preload', to)) {
      add(spec, 'src/preload imports only electron and src/shared');
    }
  }
  if (under('shared', rel) && DOM_GLOBALS.test(stripComments(code))) {
    add(DOM_GLOBALS.exec(stripComments(code))![0], 'src/shared uses no DOM globals');
  }
  return found;
}

describe('architecture', () => {
  it('finds every kind of import', () => {
    const code = `
      import a from 'a'; import { b } from "b"; import * as c from 'c'; import 'd';
      import type { E } from 'e'; export { f } from 'f'; export * from 'g';
      const h = require('h'); const i = await import('i');
      // import nope from 'commented';
      /* require('also-commented') */`;
    expect(importsOf(code).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });

  it('catches each rule (the checker itself can fail)', () => {
    const at = (path: string) => join(SRC, path);
    expect(violations(at('main/core/x/y.ts'), "import { app } from 'electron';")).toHaveLength(1);
    expect(violations(at('renderer/src/a.ts'), "import { x } from '../../main/core/createCore';")).toHaveLength(1);
    expect(violations(at('renderer/src/a.ts'), "import type { X } from '../../shared/contract';")).toHaveLength(0);
    expect(violations(at('shared/a.ts'), "import { readFile } from 'node:fs';")).toHaveLength(1);
    expect(violations(at('shared/a.ts'), "import { join } from 'path';")).toHaveLength(1);
    expect(violations(at('shared/a.ts'), 'export const w = window.innerWidth;')).toHaveLength(1);
    expect(violations(at('shared/a.ts'), "import { x } from '../main/core/errors';")).toHaveLength(1);
    expect(violations(at('preload/index.ts'), "import { z } from 'zod';")).toHaveLength(1);
    expect(violations(at('preload/index.ts'), "import { x } from '../main/core/router';")).toHaveLength(1);
    expect(violations(at('preload/index.ts'), "import { ipcRenderer } from 'electron'; import { c } from '../shared/contract';")).toHaveLength(0);
    expect(violations(at('main/server/x.ts'), "import { app } from 'electron';")).toHaveLength(0);
  });

  it('holds for every source file in src/', () => {
    const files = filesUnder(SRC);
    expect(files.length).toBeGreaterThan(20);
    const all = files.flatMap((file) => violations(file, readFileSync(file, 'utf8')));
    expect(all).toEqual([]);
  });
});
