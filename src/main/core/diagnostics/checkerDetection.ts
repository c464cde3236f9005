import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { CheckerSpec } from './checkerSpec';
import { quoteCommandLine, splitCommandLine } from './commandLine';
import type { DiagnosticsSettings } from './diagnosticsSettings';
import { findOnPath, isExecutable } from './executables';
import { MAX_PYTHON_FILES, PYTHON_SYNTAX_SCRIPT, SKIPPED_PYTHON_DIRS } from './pythonSyntaxScript';

/**
 * Which checkers apply to a workspace, from what is at its root (nothing is downloaded, `npx` is never
 * used; only the project's own node_modules/.bin and absolute PATH entries are searched):
 *
 *   tsc     tsconfig.json + node_modules/.bin/tsc        → tsc --noEmit -p tsconfig.json --pretty false
 *   eslint  an ESLint config + node_modules/.bin/eslint  → eslint -f json .
 *   ruff    Python files + ruff on the PATH              → ruff check --output-format json .
 *   python  Python files, no ruff, python3 (or python)   → python3 -c <compile every .py file> 5000
 *   go-vet  go.mod + go on the PATH                      → go vet ./...   (GOPROXY=off, GOTOOLCHAIN=local)
 *   cargo   Cargo.toml + cargo on the PATH               → cargo check --message-format json --offline
 *
 * "Python files": a pyproject.toml or setup.py at the root, or a `.py` file found by a bounded walk
 * (`SKIPPED_PYTHON_DIRS` left out, symbolic links not followed, at most `PYTHON_WALK_ENTRIES` entries).
 * Then the custom checkers of the settings, each replacing a detected checker of the same id.
 *
 * Which of them need a person's approval before they run (`needsApproval`, checkerApprovals.ts): a checker the
 * workspace's settings name, one whose program is inside the workspace (tsc and ESLint from node_modules/.bin: a
 * cloned repository may ship them), and those that run the project's code by design (ESLint loads its JavaScript
 * config, cargo runs build scripts and proc macros). ruff, the Python syntax check and go vet run the machine's own
 * programs, which only read the files (the Python check takes no module from the workspace).
 */

export const PYTHON_WALK_ENTRIES = 20_000;

const ESLINT_CONFIGS = [
  ...['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].map((ext) => `eslint.config.${ext}`),
  '.eslintrc',
  ...['js', 'cjs', 'mjs', 'yaml', 'yml', 'json'].map((ext) => `.eslintrc.${ext}`),
];

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function hasEslintConfig(root: string): Promise<boolean> {
  for (const name of ESLINT_CONFIGS) if (await isFile(join(root, name))) return true;
  try {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { eslintConfig?: unknown };
    return typeof pkg?.eslintConfig === 'object' && pkg.eslintConfig !== null;
  } catch {
    return false;
  }
}

/** A `.py` file somewhere under `root` (breadth first, bounded; see the module doc). */
async function findPythonFile(root: string): Promise<boolean> {
  const skipped = new Set(SKIPPED_PYTHON_DIRS);
  const queue = [root];
  let budget = PYTHON_WALK_ENTRIES;
  while (queue.length && budget > 0) {
    const dir = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (--budget < 0) return false;
      if (entry.isFile() && entry.name.endsWith('.py')) return true;
      if (entry.isDirectory() && !skipped.has(entry.name)) queue.push(join(dir, entry.name));
    }
  }
  return false;
}

async function hasPython(root: string): Promise<boolean> {
  return (await isFile(join(root, 'pyproject.toml'))) || (await isFile(join(root, 'setup.py'))) || findPythonFile(root);
}

/** A program file inside the workspace (as named, links not followed: a link the repository put there is its choice). */
export function insideWorkspace(root: string, file: string): boolean {
  if (!isAbsolute(file)) return false;
  const rel = relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * `runsProjectCode`: the checker runs the workspace's code by design (ESLint loads its config, cargo runs build
 * scripts and proc macros), so it needs approval wherever its program is (checkerApprovals.ts).
 */
function spec(root: string, id: string, label: string, file: string, shown: string, args: string[], format: CheckerSpec['format'], more: { env?: Record<string, string>; runsProjectCode?: boolean } = {}): CheckerSpec {
  const needsApproval = !!more.runsProjectCode || insideWorkspace(root, file);
  return { id, label, command: quoteCommandLine([shown, ...args]), file, args, cwd: root, format, origin: 'detected', needsApproval, ...(more.env ? { env: more.env } : {}) };
}

/** The checkers found at the root, in the order of the module doc (before settings). */
export async function detectBuiltinCheckers(root: string, env: NodeJS.ProcessEnv): Promise<CheckerSpec[]> {
  const found: CheckerSpec[] = [];
  const tsc = join(root, 'node_modules', '.bin', 'tsc');
  if ((await isFile(join(root, 'tsconfig.json'))) && (await isExecutable(tsc))) {
    found.push(spec(root, 'tsc', 'TypeScript (tsc)', tsc, 'node_modules/.bin/tsc', ['--noEmit', '-p', 'tsconfig.json', '--pretty', 'false'], 'tsc'));
  }
  const eslint = join(root, 'node_modules', '.bin', 'eslint');
  if ((await hasEslintConfig(root)) && (await isExecutable(eslint))) {
    found.push(spec(root, 'eslint', 'ESLint', eslint, 'node_modules/.bin/eslint', ['-f', 'json', '.'], 'eslint-json', { runsProjectCode: true }));
  }
  if (await hasPython(root)) {
    const ruff = await findOnPath('ruff', env);
    if (ruff) {
      found.push(spec(root, 'ruff', 'Ruff', ruff, 'ruff', ['check', '--output-format', 'json', '.'], 'ruff-json'));
    } else {
      for (const name of ['python3', 'python']) {
        const python = await findOnPath(name, env);
        if (!python) continue;
        found.push(spec(root, 'python', `Python syntax (${name})`, python, name, ['-c', PYTHON_SYNTAX_SCRIPT, String(MAX_PYTHON_FILES)], 'python-json'));
        break;
      }
    }
  }
  if (await isFile(join(root, 'go.mod'))) {
    const go = await findOnPath('go', env);
    if (go) found.push(spec(root, 'go-vet', 'go vet', go, 'go', ['vet', './...'], 'gcc', { env: { GOPROXY: 'off', GOTOOLCHAIN: 'local' } }));
  }
  if (await isFile(join(root, 'Cargo.toml'))) {
    const cargo = await findOnPath('cargo', env);
    if (cargo) found.push(spec(root, 'cargo', 'cargo check', cargo, 'cargo', ['check', '--message-format', 'json', '--offline'], 'cargo-json', { env: { RUSTUP_AUTO_INSTALL: '0' }, runsProjectCode: true }));
  }
  return found;
}

/**
 * A custom checker of the settings as a spec: a program named with a `/` is relative to the root, a bare
 * name is looked up on the PATH now (and left as it is when missing: running it then fails, saying so).
 */
export async function customCheckerSpec(root: string, checker: DiagnosticsSettings['checkers'][number], env: NodeJS.ProcessEnv): Promise<CheckerSpec> {
  const [program, ...args] = splitCommandLine(checker.command);
  const file = isAbsolute(program) || /[\\/]/.test(program) ? resolve(root, program) : ((await findOnPath(program, env)) ?? program);
  return {
    id: checker.id,
    label: `${checker.id} (${checker.origin === 'global' ? 'global' : 'workspace'} settings)`,
    command: quoteCommandLine([program, ...args]),
    file,
    args,
    cwd: root,
    format: checker.format,
    origin: checker.origin,
    // The workspace's settings chose it; a global one only when its program is in the workspace (`./scripts/check`).
    needsApproval: checker.origin === 'workspace' || insideWorkspace(root, file),
  };
}
