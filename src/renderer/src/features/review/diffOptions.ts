/**
 * Monaco diff options for a proposed change, by size. Monaco's default "advanced" diff gives up on big
 * files (vscode#216953: past maxComputationTime it shows the whole file as changed), so above BIG_LINES
 * the review uses the "legacy" line diff with a short time budget; small files get the advanced
 * algorithm (better in-line and word diffs). Unchanged regions are collapsed in big files. The figures
 * behind these choices are in bench/review/README.md.
 *
 * For measuring, `localStorage['akira.review.diffOptions'] = '{"diffAlgorithm": "advanced", "hideUnchanged": false}'`
 * forces either choice.
 */

export const BIG_LINES = 3000;
export const BIG_CHARS = 400_000;
/** A big file with more changed lines than this is past what Monaco finishes in time (measured: 20,000 lines
 * with 13,000 changed take the legacy diff ~6 s and the advanced one ~14 s): it gets a short budget, gives up
 * sooner, and the review's own hunks (gutter and list) carry the detail. */
export const DENSE_LINES = 2000;
const DENSE_BUDGET_MS = 500;
export const OVERRIDE_KEY = 'akira.review.diffOptions';

export interface ReviewDiffOptions {
  diffAlgorithm: 'advanced' | 'legacy';
  maxComputationTime: number;
  hideUnchangedRegions: { enabled: boolean; contextLineCount: number; minimumLineCount: number; revealLineCount: number };
}

export interface DiffOverride {
  diffAlgorithm?: 'advanced' | 'legacy';
  hideUnchanged?: boolean;
  /** 0: no limit. */
  maxComputationTime?: number;
}

export function lineCountOf(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Lines found on one side only (as a multiset of texts): a cheap upper bound of the changed lines. */
export function changedLinesEstimate(left: string, right: string): number {
  const seen = new Map<string, number>();
  for (const line of left.split('\n')) seen.set(line, (seen.get(line) ?? 0) + 1);
  let onlyRight = 0;
  for (const line of right.split('\n')) {
    const n = seen.get(line);
    if (n) seen.set(line, n - 1);
    else onlyRight++;
  }
  let onlyLeft = 0;
  for (const n of seen.values()) onlyLeft += n;
  return onlyLeft + onlyRight;
}

export function reviewDiffOptions(left: string, right: string, override: DiffOverride | null = null): ReviewDiffOptions {
  const big = left.length + right.length > BIG_CHARS || Math.max(lineCountOf(left), lineCountOf(right)) > BIG_LINES;
  const dense = big && changedLinesEstimate(left, right) > DENSE_LINES;
  return {
    diffAlgorithm: override?.diffAlgorithm ?? (big ? 'legacy' : 'advanced'),
    maxComputationTime: override?.maxComputationTime ?? (dense ? DENSE_BUDGET_MS : big ? 2000 : 5000),
    hideUnchangedRegions: { enabled: override?.hideUnchanged ?? big, contextLineCount: 3, minimumLineCount: 6, revealLineCount: 20 },
  };
}

/** The override set for benchmarks, if any (ignored when it is not valid JSON of that shape). */
export function diffOverride(): DiffOverride | null {
  try {
    const raw = globalThis.localStorage?.getItem(OVERRIDE_KEY);
    if (!raw) return null;
    const o = JSON.parse(raw) as Record<string, unknown>;
    return {
      ...(o.diffAlgorithm === 'advanced' || o.diffAlgorithm === 'legacy' ? { diffAlgorithm: o.diffAlgorithm } : {}),
      ...(typeof o.hideUnchanged === 'boolean' ? { hideUnchanged: o.hideUnchanged } : {}),
      ...(typeof o.maxComputationTime === 'number' && o.maxComputationTime >= 0 ? { maxComputationTime: o.maxComputationTime } : {}),
    };
  } catch {
    return null;
  }
}
