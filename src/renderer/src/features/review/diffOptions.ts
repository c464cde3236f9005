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
export const OVERRIDE_KEY = 'akira.review.diffOptions';

export interface ReviewDiffOptions {
  diffAlgorithm: 'advanced' | 'legacy';
  maxComputationTime: number;
  hideUnchangedRegions: { enabled: boolean; contextLineCount: number; minimumLineCount: number; revealLineCount: number };
}

export interface DiffOverride {
  diffAlgorithm?: 'advanced' | 'legacy';
  hideUnchanged?: boolean;
}

export function lineCountOf(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function reviewDiffOptions(left: string, right: string, override: DiffOverride | null = null): ReviewDiffOptions {
  const big = left.length + right.length > BIG_CHARS || Math.max(lineCountOf(left), lineCountOf(right)) > BIG_LINES;
  return {
    diffAlgorithm: override?.diffAlgorithm ?? (big ? 'legacy' : 'advanced'),
    maxComputationTime: big ? 2000 : 5000,
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
    };
  } catch {
    return null;
  }
}
