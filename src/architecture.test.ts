import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Layers by runtime (docs/architecture.md "Layers"): core is plain Node, the renderer never reaches into main, shared runs
// anywhere, the preload sees only electron and the contract. Checked on every source file.
// Layers in main: the faces (cli, server, electron) stand around the core and never import each other;
// the core imports no face; src/main/common holds plain-Node helpers any of them may use and imports
// none of them; src/main/entry wires faces into a process. And no two folders import each other, even
// through a third (folder-level cycles; tests and test kits are left out).

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

const FACES = ['main/cli', 'main/server', 'main/electron'] as const;
const under = (prefix: string, path: string | null) => path !== null && (path === prefix || path.startsWith(`${prefix}/`));
const faceOf = (path: string | null) => FACES.find((face) => under(face, path)) ?? null;

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
  for (const spec of importsOf(code)) {
    const to = target(file, spec);
    if (under('main/core', rel) && faceOf(to)) add(spec, 'src/main/core never imports a face (cli, server, electron)');
    if (faceOf(rel) && faceOf(to) && faceOf(rel) !== faceOf(to)) add(spec, 'faces (cli, server, electron) never import each other');
    if (under('main/common', rel) && to !== null && !['main/common', 'shared', 'testing'].some((ok) => under(ok, to))) {
      add(spec, 'src/main/common imports only src/main/common, src/shared (and its tests src/testing)');
    }
    if (under('main/common', rel) && isElectron(spec)) add(spec, 'src/main/common never imports electron');
    if (under('main/entry', to) && !under('main/entry', rel)) add(spec, 'nothing imports src/main/entry (process entries)');
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

/**
 * The folder a file counts in for cycles: src/main/core/<domain>, src/main/core/agent/<part> (or the whole
 * agent as one folder, `agentAsOne`), the core's
 * composition root (createCore.ts) apart from its kernel (errors, eventBus, router), src/main/<face>,
 * src/main/common, src/shared, src/preload, src/renderer/src/features/<feature> and src/renderer/src/<part>.
 */
export function folderOf(rel: string, agentAsOne = false): string {
  const parts = rel.split('/').slice(0, -1);
  if (rel === 'main/core/createCore.ts') return 'main/core/createCore';
  if (parts[0] === 'main' && parts[1] === 'core') return parts.slice(0, parts[2] === 'agent' && parts.length > 3 && !agentAsOne ? 4 : 3).join('/');
  if (parts[0] === 'main') return parts.slice(0, 2).join('/');
  if (parts[0] === 'renderer') return parts.slice(0, parts[2] === 'features' ? 4 : 3).join('/');
  return parts[0] ?? '.';
}

/** Test code may cross folders freely (integration tests build a whole core); it is left out of the graph. */
const isTestCode = (rel: string) => /\.(test|fixture)\.tsx?$|TestKit\.ts$/.test(rel) || under('testing', rel) || rel.includes('/fixtures/');

/** The file a relative specifier names (with its extension or as a folder's index), relative to src/. */
function resolveFile(file: string, spec: string): string | null {
  const base = resolve(dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(SRC, candidate).split(sep).join('/');
  }
  return null;
}

/** Folder -> folder edges, each with the first file import that makes it (for the failure message). */
export function folderGraph(files: readonly { rel: string; imports: readonly string[] }[], agentAsOne = false): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const folder = (rel: string) => folderOf(rel, agentAsOne);
  for (const { rel, imports } of files) {
    const from = folder(rel);
    for (const to of imports.map(folder)) {
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from)!;
      if (!edges.has(to)) edges.set(to, `${rel} -> ${imports.find((i) => folder(i) === to)}`);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one folder (Tarjan), each sorted; every one is a cycle. */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Non-test source files `keep` accepts, each with the files its relative imports resolve to. */
function sourceGraphFiles(keep: (rel: string) => boolean): { rel: string; imports: string[] }[] {
  return filesUnder(SRC)
    .map((file) => ({ file, rel: relative(SRC, file).split(sep).join('/') }))
    .filter(({ rel }) => !isTestCode(rel) && keep(rel))
    .map(({ file, rel }) => ({
      rel,
      imports: importsOf(readFileSync(file, 'utf8')).flatMap((spec) => (spec.startsWith('.') ? [resolveFile(file, spec) ?? []].flat() : [])),
    }));
}

/**
 * The renderer's one remaining folder cycle (issue 15): board, activity and agent import each other's
 * stores and formatters. (Timeline is out since issue 14: App hands it how to open a forked session.)
 * Remove a feature from the list once it is out; never add one.
 */
const KNOWN_RENDERER_CYCLE = ['activity', 'agent', 'board'];

/** Each cycle with the imports that close it, readable in a failure message. */
function describeCycles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  return cyclesOf(graph).map((group) => {
    const inGroup = new Set(group);
    const edges = group.flatMap((from) => [...(graph.get(from) ?? [])].filter(([to]) => inGroup.has(to)).map(([, why]) => why));
    return `${group.join(' <-> ')}: ${edges.join('; ')}`;
  });
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
    expect(violations(at('main/core/agent/x/y.ts'), "import { d } from '../../../cli/unifiedDiff';")).toHaveLength(1);
    expect(violations(at('main/core/x/y.ts'), "import { s } from '../../server/httpServer';")).toHaveLength(1);
    expect(violations(at('main/electron/x.ts'), "import { s } from '../server/staticFiles';")).toHaveLength(1);
    expect(violations(at('main/cli/x.ts'), "import { s } from '../server/httpServer';")).toHaveLength(1);
    expect(violations(at('main/cli/x.ts'), "import { c } from '../core/createCore'; import { w } from '../common/atomicWrite';")).toHaveLength(0);
    expect(violations(at('main/common/x.ts'), "import { e } from '../core/errors';")).toHaveLength(1);
    expect(violations(at('main/common/x.ts'), "import { l } from '../../shared/lineDiff'; import { y } from './y';")).toHaveLength(0);
    expect(violations(at('main/entry/cli.ts'), "import { s } from '../server/httpServer'; import { r } from '../cli/main';")).toHaveLength(0);
    expect(violations(at('main/cli/x.ts'), "import '../entry/cli';")).toHaveLength(1);
  });

  it('finds folder-level cycles (the checker itself can fail)', () => {
    expect(folderOf('main/core/agent/orchestrator/a/b.ts')).toBe('main/core/agent/orchestrator');
    expect(folderOf('main/core/agent/orchestrator/a/b.ts', true)).toBe('main/core/agent');
    expect(folderOf('main/core/sessions/index.ts')).toBe('main/core/sessions');
    expect(folderOf('main/core/errors.ts')).toBe('main/core');
    expect(folderOf('main/core/createCore.ts')).toBe('main/core/createCore');
    expect(folderOf('main/cli/x.ts')).toBe('main/cli');
    expect(folderOf('renderer/src/features/board/x/y.tsx')).toBe('renderer/src/features/board');
    expect(folderOf('shared/contract/agent.ts')).toBe('shared');
    const graph = folderGraph([
      { rel: 'main/core/a/x.ts', imports: ['main/core/b/y.ts'] },
      { rel: 'main/core/b/y.ts', imports: ['main/core/c/z.ts', 'main/core/b/w.ts'] },
      { rel: 'main/core/c/z.ts', imports: ['main/core/a/v.ts', 'shared/s.ts'] },
      { rel: 'main/cli/q.ts', imports: ['main/core/a/x.ts'] },
    ]);
    expect(cyclesOf(graph)).toEqual([['main/core/a', 'main/core/b', 'main/core/c']]);
    expect(describeCycles(graph)[0]).toContain('main/core/c/z.ts -> main/core/a/v.ts');
    graph.get('main/core/c')!.delete('main/core/a');
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('holds for every source file in src/', () => {
    const files = filesUnder(SRC);
    expect(files.length).toBeGreaterThan(20);
    const all = files.flatMap((file) => violations(file, readFileSync(file, 'utf8')));
    expect(all).toEqual([]);
  });

  it('has no folder-level cycles in src/main, src/shared and src/preload (the agent as its parts, and as one folder)', () => {
    const files = sourceGraphFiles((rel) => !under('renderer', rel));
    expect(files.length).toBeGreaterThan(20);
    expect(describeCycles(folderGraph(files))).toEqual([]);
    expect(describeCycles(folderGraph(files, true))).toEqual([]);
  });

  it('has no folder-level cycles in src/renderer beyond the known one, which may only shrink', () => {
    const files = sourceGraphFiles((rel) => under('renderer', rel));
    expect(files.length).toBeGreaterThan(20);
    const known = new Set(KNOWN_RENDERER_CYCLE.map((feature) => `renderer/src/features/${feature}`));
    const graph = folderGraph(files);
    const beyond = cyclesOf(graph).filter((group) => group.some((folder) => !known.has(folder)));
    expect(describeCycles(graph).filter((text) => beyond.some((group) => text.startsWith(`${group.join(' <-> ')}:`)))).toEqual([]);
  });
});
