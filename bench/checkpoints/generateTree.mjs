// Generates a real-shaped workspace for the checkpoints benchmark: sources (text, some binary, a few
// executables and symlinks), a node_modules folder, a build folder, ignored logs, one oversized file and
// a nested git repository with its own commits; the whole tree is a git repository with one commit
// (so `git status` can be timed on it). Cached: a tree that is complete is reused by later runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'const let function return import export from if else for while async await class extends new this value data result item list map set get update render state props index count total'.split(' ');

function textContent(rand, bytes) {
  const lines = [];
  let size = 0;
  while (size < bytes) {
    const n = 3 + Math.floor(rand() * 9);
    let line = '  '.repeat(Math.floor(rand() * 4));
    for (let i = 0; i < n; i++) line += WORDS[Math.floor(rand() * WORDS.length)] + (i < n - 1 ? ' ' : ';');
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

export function gitEnv() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  return {
    ...env,
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@akira.invalid',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@akira.invalid',
    GIT_CONFIG_NOSYSTEM: '1',
  };
}

export function git(dir, ...args) {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', '-c', 'advice.addEmbeddedRepo=false', '-c', 'gc.auto=0', ...args], {
    cwd: dir,
    env: gitEnv(),
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Shares of `total`: node_modules 45 %, build 8 %, nested repo 4 %, sources the rest.
 * Returns { root, sourceFiles: string[] (relative paths of tracked text files) }.
 */
export function generateTree(root, total, log = () => {}) {
  const marker = join(root, '.bench-complete');
  const listFile = join(root, '.bench-sources.json');
  if (existsSync(marker) && existsSync(listFile)) {
    return { root, cached: true };
  }
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const rand = rng(total);
  const sources = [];
  let written = 0;
  const made = new Set();
  const put = (rel, content, mode) => {
    const abs = join(root, rel);
    const dir = abs.slice(0, abs.lastIndexOf('/'));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(abs, content);
    if (mode) chmodSync(abs, mode);
    if (++written % 20000 === 0) log(`  generated ${written} files`);
  };

  const nm = Math.floor(total * 0.45);
  for (let i = 0; i < nm; ) {
    const pkg = `node_modules/${i % 7 === 0 ? '@scope/' : ''}pkg-${i}`;
    put(`${pkg}/package.json`, `{"name":"pkg-${i}","version":"1.0.${i % 10}"}\n`);
    i++;
    const files = 5 + Math.floor(rand() * 20);
    for (let f = 0; f < files && i < nm; f++, i++) put(`${pkg}/${f % 3 ? 'lib' : 'dist/esm'}/m${f}.js`, textContent(rand, 200 + rand() * 3000));
  }
  const build = Math.floor(total * 0.08);
  for (let i = 0; i < build; i++) put(`build/chunk-${Math.floor(i / 100)}/c${i}.js`, textContent(rand, 500 + rand() * 2000));

  const nestedCount = Math.floor(total * 0.04);
  for (let i = 0; i < nestedCount; i++) put(`libs/vendored/src/v${Math.floor(i / 50)}/f${i}.c`, textContent(rand, 200 + rand() * 2000));
  git(join(root, 'libs/vendored'), 'init', '-q');
  git(join(root, 'libs/vendored'), 'add', '-A');
  git(join(root, 'libs/vendored'), 'commit', '-q', '-m', 'vendored');

  const srcCount = total - nm - build - nestedCount;
  for (let i = 0; i < srcCount; i++) {
    const a = Math.floor(i / 2000);
    const b = Math.floor(i / 200) % 10;
    const c = Math.floor(i / 25) % 8;
    const dir = `src/area${a}/mod${b}/part${c}`;
    const r = rand();
    if (r < 0.03) {
      const bytes = Buffer.alloc(256 + Math.floor(rand() * 4096));
      for (let k = 0; k < bytes.length; k++) bytes[k] = Math.floor(rand() * 256);
      put(`${dir}/img${i}.png`, bytes);
    } else if (r < 0.035) {
      put(`${dir}/run${i}.sh`, `#!/bin/sh\necho ${i}\n`, 0o755);
    } else if (r < 0.04) {
      put(`${dir}/debug${i}.log`, textContent(rand, 300));
    } else {
      const rel = `${dir}/file${i}.ts`;
      put(rel, textContent(rand, 200 + rand() * 3500));
      sources.push(rel);
    }
  }
  symlinkSync('../README.md', join(root, 'src/readme-link'));
  put('README.md', '# bench\n');
  put('assets/huge.bin', Buffer.alloc(6 * 1024 * 1024, 7));
  put('.gitignore', 'node_modules/\nbuild/\n*.log\n.bench-*\n');
  log(`  committing the generated tree (${written} files)…`);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'generated');
  writeFileSync(listFile, JSON.stringify(sources));
  writeFileSync(marker, new Date().toISOString());
  return { root, cached: false };
}
