// Quick open per keystroke (issue 13: "quick open latency, p50/p95 per keystroke, on a 20k-file tree, against rg").
// Run: npm run bench:findFiles -- quickOpen   (BENCH_SIZE=20000 files on disk, BENCH_REPEATS=5 times each name is
//   typed; results also in bench/results/quickOpen.json)
// On the findFiles benchmark's cached tree (bench/checkpoints/generateTree.mjs plus this repository's tracked paths
// under app/), ten file names are typed character by character as a person would, and every prefix is a query, in
// one run and alternated:
//   quick open   find(prefix, {limit: 50, folders: false}) on a warm index (listed once before), what the palette
//                asks context.findFiles on each keystroke (the core's own time; the WebSocket adds its round trip)
//   rg           `rg --files | rg -i <prefix as a subsequence regex>` in a shell on the same tree: the command line's
//                answer to "which files look like this" (a new listing each keystroke, unranked)
// It prints p50 / p95 / max per keystroke for each, their ratio, and the share of keystrokes under 50 ms; nothing
// is asserted.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { it } from 'vitest';
import { createFileIndex } from '../../src/main/core/workspace/fileIndex';
import { generateTree } from '../checkpoints/generateTree.mjs';
import { addRealNames, cacheDir, log, median, ms, quantile, ratio, timed } from './benchTree';

const SIZE = Number(process.env.BENCH_SIZE ?? 20000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

/** What people type to open a file: names of this repository (under app/) and of the generated sources. */
const NAMES = [
  'fileindex.ts',
  'App.tsx',
  'sessionreplay',
  'fuzzymatch',
  'orchestrator',
  'README.md',
  'package.json',
  'terminalstore',
  'usereviewkeys',
  'file1234',
];

/** a / b to three decimals (quick open is a small fraction of rg's time). */
const share = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
const escape = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
/** `fidx` → `f.*i.*d.*x`: the fuzzy finder's subsequence, as a regular expression. */
const subsequence = (query: string) => [...query].map(escape).join('.*');

function rgPipeline(root: string, query: string): number {
  const out = execFileSync('sh', ['-c', `rg --files --hidden --no-config --glob '!.git' | rg -i --no-config -e "$Q" || true`], {
    cwd: root,
    env: { ...process.env, Q: subsequence(query) },
    maxBuffer: 1 << 28,
  });
  return out.toString('utf8').split('\n').filter(Boolean).length;
}

it(`quick open per keystroke on a ${SIZE}-file tree against rg`, async () => {
  const root = join(cacheDir, `tree-${SIZE}-v1`);
  const [genMs, gen] = await timed(() => generateTree(root, SIZE, log));
  const realNames = addRealNames(root);
  log(`\n== ${SIZE} files on disk (+${realNames} real names under app/)${gen.cached ? ' (cached tree)' : ` (generated in ${Math.round(genMs)} ms)`}`);

  const index = createFileIndex({ root });
  await index.find('', { limit: 1 });
  const files = index.stats().files;
  log(`index: ${files} files (the listing respects the ignore rules); typing ${NAMES.length} names × ${REPEATS}`);

  const ours: number[] = [];
  const theirs: number[] = [];
  const perName: { name: string; keystrokes: number; p50: number; max: number; rgP50: number; top: string }[] = [];
  for (const name of NAMES) {
    const mine: number[] = [];
    const rg: number[] = [];
    let top = '';
    for (let r = 0; r < REPEATS + 1; r++) {
      for (let n = 1; n <= name.length; n++) {
        const prefix = name.slice(0, n);
        const runOurs = async () => {
          const [t, answer] = await timed(() => index.find(prefix, { limit: 50, folders: false }));
          if (r) mine.push(t);
          if (n === name.length) top = answer.items[0]?.path ?? '';
        };
        const runRg = async () => {
          const [t] = await timed(() => rgPipeline(root, prefix));
          if (r) rg.push(t);
        };
        // Alternated, so neither always runs on a cache the other warmed; round 0 is not timed.
        if ((n + r) % 2) {
          await runOurs();
          await runRg();
        } else {
          await runRg();
          await runOurs();
        }
      }
    }
    ours.push(...mine);
    theirs.push(...rg);
    perName.push({ name, keystrokes: name.length, p50: ms(median(mine)), max: ms(Math.max(...mine)), rgP50: ms(median(rg)), top });
  }
  index.dispose();

  for (const p of perName) {
    log(`  ${JSON.stringify(p.name).padEnd(16)} ${String(p.keystrokes).padStart(2)} keys  quick open p50 ${String(p.p50).padStart(6)} ms, max ${String(p.max).padStart(6)} ms;  rg p50 ${String(p.rgP50).padStart(6)} ms   → ${p.top}`);
  }
  const stats = (xs: number[]) => ({ p50: ms(median(xs)), p95: ms(quantile(xs, 0.95)), max: ms(Math.max(...xs)), under50: Math.round((100 * xs.filter((x) => x < 50).length) / xs.length) });
  const a = stats(ours);
  const b = stats(theirs);
  log(`quick open: p50 ${a.p50} ms, p95 ${a.p95} ms, max ${a.max} ms per keystroke (${ours.length} keystrokes, ${a.under50} % under 50 ms)`);
  log(`rg --files | rg: p50 ${b.p50} ms, p95 ${b.p95} ms, max ${b.max} ms per keystroke (${b.under50} % under 50 ms)`);
  log(`ratio quick open / rg: p50 ${share(a.p50, b.p50)}×, p95 ${share(a.p95, b.p95)}× (rg takes ${ratio(b.p50, a.p50)}× / ${ratio(b.p95, a.p95)}× as long)`);

  const out = resolve(__dirname, '..', 'results', 'quickOpen.json');
  mkdirSync(dirname(out), { recursive: true });
  const result = { date: new Date().toISOString(), node: process.version, size: SIZE, indexedFiles: files, repeats: REPEATS, quickOpenMs: a, rgMs: b, ratio: { p50: share(a.p50, b.p50), p95: share(a.p95, b.p95) }, perName };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
});
