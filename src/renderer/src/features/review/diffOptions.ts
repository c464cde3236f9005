/**
 * Monaco diff options for a proposed change, by size. Monaco's default "advanced" diff gives up on big
 * files (vscode#216953: it hits maxComputationTime and shows the whole file as changed), so above
 * BIG_LINES the review uses the "legacy" line diff (fast, line-exact) with a short time budget and
 * collapses unchanged regions; small files get the advanced algorithm (better in-line moves and word
 * diffs). The figures behind the threshold are in bench/review/README.md.
 *
 * For measuring, `localStorage['akira.review.diffAlgorithm'] = 'advanced' | 'legacy'` forces one.
 */

export const BIG_LINES = 3000;
export const BIG_CHARS = 400_000;
export const ALGORITHM_OVERRIDE_KEY = 'akira.review.diffAlgorithm';

export interface ReviewDiffOptions {
  diffAlgorithm: 'advanced' | 'legacy';
  maxComputationTime: number;
  hideUnchangedRegions: { enabled: boolean; contextLineCount: number; minimumLineCount: number; revealLineCount: number };
}

export function lineCountOf(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function reviewDiffOptions(left: string, right: string, override?: string | null): ReviewDiffOptions {
  const lines = Math.max(lineCountOf(left), lineCountOf(right));
  const big = lines > BIG_LINES || left.length + right.length > BIG_CHARS;
  const algorithm = override === 'advanced' || override === 'legacy' ? override : big ? 'legacy' : 'advanced';
  return {
    diffAlgorithm: algorithm,
    maxComputationTime: big ? 2000 : 5000,
    hideUnchangedRegions: { enabled: big, contextLineCount: 3, minimumLineCount: 6, revealLineCount: 20 },
  };
}

/** The override set for benchmarks, if any. */
export function algorithmOverride(): string | null {
  try {
    return globalThis.localStorage?.getItem(ALGORITHM_OVERRIDE_KEY) ?? null;
  } catch {
    return null;
  }
}
