// Search-in-files benchmark (issue 13). Run: npm run bench:search
//   (BENCH_SIZE=20000 files on disk, BENCH_RUNS=5 timed runs of each, after one untimed; results also in
//   bench/results/search.json)
// On the checkpoints benchmark's generated tree (bench/checkpoints/generateTree.mjs: sources, an ignored node_modules
// and build folder, ignored logs, binary files, a nested repository; cached in the temp folder between runs), in one
// run, for a literal and a regular expression (case-sensitive, so that every tool does the same work):
//   service, ripgrep   search.start → the last search.onResults (createSearchService with rg on the PATH)
//   service, node      the same with the worker threads (the file index's listing already made, as in the app)
//   rg                 `rg -n --hidden -g '!.git'` run directly on the same tree (baseline: what the ripgrep engine wraps)
//   git grep           `git grep -n -I` on the same tree (tracked files only: the nested repository is not searched)
// Medians of BENCH_RUNS and ratios against plain rg; the counts say whether each searched the same files. It asserts
// nothing about times.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { it } from 'vitest';
import type { EventData } from '../../src/shared/contract';
import { searchParams } from '../../src/shared/contract/search';
import { createSearchService } from '../../src/main/core/search/searchService';
import { createFileIndex } from '../../src/main/core/workspace/fileIndex';
import { generateTree } from '../checkpoints/generateTree.mjs';

const SIZE = Number(process.env.BENCH_SIZE ?? 20000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const cacheDir = join(tmpdir(), 'akira-search-bench');

const QUERIES = [
  { name: 'literal', query: 'async await class', regex: false, grepFlag: '-F' },
  { name: 'regex', query: '(?:render|update) state \\w+;$', regex: true, grepFlag: '-P' },
] as const;

const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);
const ms = (t: number) => Math.round(t * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A command's stdout lines (exit 1 = no match is fine) and its time. */
function run(cmd: string, args: string[], cwd: string): Promise<{ ms: number; lines: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    execFile(cmd, args, { cwd, maxBuffer: 1 << 28 }, (err, stdout) => {
      const code = (err as { code?: number } | null)?.code;
      if (err && code !== 1) return fail(err);
      done({ ms: performance.now() - started, lines: stdout ? stdout.split('\n').filter(Boolean).length : 0 });
    });
  });
}

it(`searches a ${SIZE}-file tree`, async () => {
  const root = join(cacheDir, `tree-${SIZE}-v1`);
  const started = performance.now();
  const gen = generateTree(root, SIZE, log);
  log(`\n== ${SIZE} files on disk${gen.cached ? ' (cached tree)' : ` (generated in ${Math.round(performance.now() - started)} ms)`}`);

  const index = createFileIndex({ root });
  const listed = (await index.find('', { limit: Number.MAX_SAFE_INTEGER })).items.map((i) => i.path);
  log(`the file index lists ${listed.length} files (what both engines search, less binary files)`);
  const events: EventData<'search.onResults'>[] = [];
  const waiting = new Map<string, (done: NonNullable<EventData<'search.onResults'>['done']>) => void>();
  const emit = (_name: string, data: EventData<'search.onResults'>) => {
    events.push(data); // the last batch has files too
    if (data.done) waiting.get(data.searchId)?.(data.done);
  };
  const services = {
    ripgrep: createSearchService({ root, emit, listFiles: async () => listed }),
    node: createSearchService({ root, emit, listFiles: async () => listed, ripgrep: false }),
  };

  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, size: SIZE, runs: RUNS, indexedFiles: listed.length, queries: {} };
  for (const q of QUERIES) {
    const times: Record<'ripgrep' | 'node' | 'rg' | 'gitGrep', number[]> = { ripgrep: [], node: [], rg: [], gitGrep: [] };
    const counts: Record<string, string> = {};
    // The path `.` is named: without one, rg searches its stdin when that is a pipe.
    const rgArgs = ['--no-config', '-n', '--hidden', '-g', '!.git', '-s', q.regex ? '-e' : '-F', q.query, '.'];
    const gitArgs = ['grep', '-n', '-I', q.grepFlag, '-e', q.query];
    for (let round = 0; round <= RUNS; round++) {
      // Alternate the order so that no tool always runs on the warmest cache.
      const order = round % 2 ? (['gitGrep', 'node', 'rg', 'ripgrep'] as const) : (['ripgrep', 'rg', 'node', 'gitGrep'] as const);
      for (const who of order) {
        let t: number;
        if (who === 'rg' || who === 'gitGrep') {
          const answer = await (who === 'rg' ? run('rg', rgArgs, root) : run('git', gitArgs, root));
          t = answer.ms;
          counts[who] = `${answer.lines} lines`;
        } else {
          const t0 = performance.now();
          const { searchId } = await services[who].start(searchParams.parse({ query: q.query, regex: q.regex, caseSensitive: true }));
          const done = await new Promise<NonNullable<EventData<'search.onResults'>['done']>>((r) => waiting.set(searchId, r));
          t = performance.now() - t0;
          waiting.delete(searchId);
          const lines = new Set(events.filter((e) => e.searchId === searchId).flatMap((e) => e.files.flatMap((f) => f.matches.map((m) => `${f.path}:${m.line}`)))).size;
          counts[who] = `${done.matches} matches on ${lines} lines in ${done.files} files (engine ${done.engine}${done.truncated ? ', truncated' : ''})`;
          events.length = 0;
        }
        if (round) times[who].push(t);
      }
    }
    const m = { ripgrep: median(times.ripgrep), node: median(times.node), rg: median(times.rg), gitGrep: median(times.gitGrep) };
    log(`\n${q.name}: ${JSON.stringify(q.query)} (case-sensitive), medians of ${RUNS}`);
    log(`  service, ripgrep engine  ${String(ms(m.ripgrep)).padStart(8)} ms  ${ratio(m.ripgrep, m.rg)}× rg   ${counts.ripgrep}`);
    log(`  service, node engine     ${String(ms(m.node)).padStart(8)} ms  ${ratio(m.node, m.rg)}× rg   ${counts.node}`);
    log(`  rg (direct)              ${String(ms(m.rg)).padStart(8)} ms  1×      ${counts.rg}`);
    log(`  git grep (direct)        ${String(ms(m.gitGrep)).padStart(8)} ms  ${ratio(m.gitGrep, m.rg)}× rg   ${counts.gitGrep} (tracked files only)`);
    (results.queries as Record<string, unknown>)[q.name] = {
      query: q.query,
      medianMs: { serviceRipgrep: ms(m.ripgrep), serviceNode: ms(m.node), rg: ms(m.rg), gitGrep: ms(m.gitGrep) },
      ratioToRg: { serviceRipgrep: ratio(m.ripgrep, m.rg), serviceNode: ratio(m.node, m.rg), gitGrep: ratio(m.gitGrep, m.rg) },
      counts,
    };
  }
  await services.ripgrep.dispose();
  await services.node.dispose();
  index.dispose();
  const out = resolve(__dirname, '..', 'results', 'search.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
});
