// Worktree benchmark (issue 10). Run: npx vitest run --config bench/worktrees/vitest.config.mts
//   (BENCH_FILES=20000 files, BENCH_ROUNDS=3 by default; results also in bench/results/worktrees.json)
// On a generated repository of BENCH_FILES small committed text files (fresh in a temp folder every run), in
// one run, rounds alternated, medians:
//   plain        `git worktree add -q -b <branch> <folder> HEAD` — the baseline
//   akira clean  createWorktrees(...).create(id) on a clean tree (probe, temp-index snapshot, update-ref,
//                worktree add), then the session's first checkpoint in the worktree (a fresh store)
//   akira dirty  the same with 10 modified and 5 untracked files in the user's tree (one snapshot commit)
// and the disk each costs: the worktree folder, the growth of the user's .git (the worktree's index and
// metadata; the snapshot's objects), the first checkpoint's store. Every step is preceded by `sync` so that
// it does not pay for the previous step's writes.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { it } from 'vitest';
import { createCheckpointService } from '../../src/main/core/checkpoints/checkpointService';
import { workTreeTree } from '../../src/main/core/worktrees/workTreeState';
import { createWorktreeGit } from '../../src/main/core/worktrees/worktreeGit';
import { createWorktrees } from '../../src/main/core/worktrees/worktrees';

const FILES = Number(process.env.BENCH_FILES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const ms = (t: number) => Math.round(t * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (b: number) => Math.round((b / 1048576) * 10) / 10;

function gitEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  return { ...env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@akira.invalid', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@akira.invalid', GIT_CONFIG_NOSYSTEM: '1' };
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', '-c', 'gc.auto=0', ...args], {
    cwd: dir,
    env: gitEnv(),
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function settleDisk(): void {
  if (process.platform !== 'win32') execFileSync('sync');
}

/** Bytes on disk (allocated blocks) and apparent bytes under `path`, links not followed. */
function du(path: string): { disk: number; bytes: number; files: number } {
  const total = { disk: 0, bytes: 0, files: 0 };
  if (!existsSync(path)) return total;
  const stack = [path];
  while (stack.length) {
    const p = stack.pop()!;
    const st = lstatSync(p);
    total.disk += st.blocks * 512;
    if (st.isDirectory()) for (const name of readdirSync(p)) stack.push(join(p, name));
    else {
      total.bytes += st.size;
      total.files++;
    }
  }
  return total;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'const let function return import export from if else for while async await class new value data result item list map'.split(' ');

/** FILES small source files (200 B – 2 KB) in folders of 100, one commit. */
function generateRepo(root: string): string[] {
  const rand = rng(10);
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const dir = join(root, 'src', `m${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    const size = 200 + Math.floor(rand() * 1800);
    let text = `// file ${i}\n`;
    while (text.length < size) text += `${Array.from({ length: 6 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ')};\n`;
    const rel = `src/m${Math.floor(i / 100)}/f${i}.ts`;
    writeFileSync(join(root, rel), text);
    files.push(rel);
  }
  writeFileSync(join(root, '.gitignore'), '*.log\nnode_modules/\n');
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
  return files;
}

async function timed<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  settleDisk();
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

it(`creates a worktree on a ${FILES}-file repository: Akira vs plain git worktree add`, async () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'akira-worktrees-bench-')));
  try {
    const root = join(base, 'repo');
    const dataDir = join(base, 'data');
    const plainDir = join(base, 'plain');
    mkdirSync(root);
    mkdirSync(plainDir);
    const t0 = performance.now();
    const sources = generateRepo(root);
    log(`repository: ${FILES} files, generated and committed in ${ms(performance.now() - t0)} ms; .git ${mib(du(join(root, '.git')).disk)} MiB`);
    const wt = createWorktrees({ root, dataDir });
    const dotGit = join(root, '.git');

    const rows: Record<string, { ms: number[]; worktreeDisk: number[]; worktreeBytes: number[]; gitGrowth: number[]; extra: number[]; extra2: number[] }> = {};
    const row = (name: string) => (rows[name] ??= { ms: [], worktreeDisk: [], worktreeBytes: [], gitGrowth: [], extra: [], extra2: [] });
    const snapshotMs: number[] = [];

    // One untimed warm-up of each, so that neither pays for a cold page cache of the repository.
    git(root, 'worktree', 'add', '-q', '-b', 'warm', join(plainDir, 'warm'), 'HEAD');
    git(root, 'worktree', 'remove', '--force', join(plainDir, 'warm'));
    git(root, 'branch', '-D', '-q', 'warm');
    await wt.discard(await wt.create('warmup00-0'));

    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['plain', 'clean', 'dirty'] : ['dirty', 'clean', 'plain'];
      for (const what of order) {
        const gitBefore = du(dotGit).disk;
        if (what === 'plain') {
          const folder = join(plainDir, `p${round}`);
          const [t] = await timed(() => git(root, 'worktree', 'add', '-q', '-b', `plain/p${round}`, folder, 'HEAD'));
          const r = row('plain git worktree add');
          r.ms.push(t);
          r.worktreeDisk.push(du(folder).disk);
          r.worktreeBytes.push(du(folder).bytes);
          r.gitGrowth.push(du(dotGit).disk - gitBefore);
          git(root, 'worktree', 'remove', '--force', folder);
          git(root, 'branch', '-D', '-q', `plain/p${round}`);
          continue;
        }
        const edited: string[] = [];
        if (what === 'dirty') {
          for (let i = 0; i < 10; i++) {
            const rel = sources[(round * 7919 + i * 104729) % sources.length];
            writeFileSync(join(root, rel), `// edited in round ${round}\n`);
            edited.push(rel);
          }
          for (let i = 0; i < 5; i++) writeFileSync(join(root, `new-${i}.ts`), `export const n${i} = ${round};\n`);
        }
        const id = `${what === 'clean' ? 'c' : 'd'}${round}aaaaaa-bench`;
        const [t, info] = await timed(() => wt.create(id));
        const r = row(what === 'clean' ? 'akira create (clean tree)' : 'akira create (10 modified + 5 new files)');
        r.ms.push(t);
        r.worktreeDisk.push(du(info.path).disk);
        r.worktreeBytes.push(du(info.path).bytes);
        r.gitGrowth.push(du(dotGit).disk - gitBefore);
        if (what === 'clean') {
          const cpData = join(base, `cp-${round}`);
          const [cpMs, usage] = await timed(async () => {
            const service = await createCheckpointService({ root: info.path, dataDir: cpData });
            await service.create({ label: 'first' });
            const u = await service.usage();
            await service.dispose();
            return u;
          });
          r.extra.push(cpMs);
          r.extra2.push(usage.diskBytes);
          rmSync(cpData, { recursive: true, force: true });
        }
        await wt.discard(info);
        if (edited.length) {
          // Akira's own step alone (what create adds before `git worktree add`): the dirty tree through a temp index.
          const [snapMs] = await timed(() => workTreeTree(createWorktreeGit(), { cwd: root, prefix: '', tmpDir: join(base, 'snap-tmp') }));
          snapshotMs.push(snapMs);
          git(root, 'checkout', '--', ...edited);
          for (let i = 0; i < 5; i++) rmSync(join(root, `new-${i}.ts`));
        }
      }
    }

    const plain = median(rows['plain git worktree add'].ms);
    const summary: Record<string, unknown> = {};
    for (const [name, r] of Object.entries(rows)) {
      const s: Record<string, unknown> = {
        medianMs: ms(median(r.ms)),
        runsMs: r.ms.map(ms),
        ratioToPlain: Math.round((median(r.ms) / plain) * 100) / 100,
        worktreeDiskMiB: mib(median(r.worktreeDisk)),
        worktreeApparentMiB: mib(median(r.worktreeBytes)),
        gitGrowthMiB: mib(median(r.gitGrowth)),
      };
      if (r.extra.length) {
        s.firstCheckpointMs = ms(median(r.extra));
        s.createPlusFirstCheckpointMs = ms(median(r.ms.map((m, i) => m + r.extra[i])));
        s.firstCheckpointStoreMiB = mib(median(r.extra2));
      }
      summary[name] = s;
      log(`${name}: ${JSON.stringify(s)}`);
    }
    summary['akira snapshot step alone (dirty tree: temp index add -A + write-tree)'] = { medianMs: ms(median(snapshotMs)), runsMs: snapshotMs.map(ms) };
    log(`snapshot step alone: ${ms(median(snapshotMs))} ms`);
    const results = { date: new Date().toISOString(), node: process.version, git: git(root, '--version').trim(), files: FILES, rounds: ROUNDS, cpus: (await import('node:os')).cpus().length, summary };
    const out = resolve(__dirname, '..', 'results', 'worktrees.json');
    mkdirSync(resolve(__dirname, '..', 'results'), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    log(`results: ${out}`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
