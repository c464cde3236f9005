/**
 * Fuzzy matching of workspace paths for the file finder (`context.findFiles`: @-mention completion, quick open),
 * in the spirit of fzf and VS Code's quick open. Pure: no Node, no DOM.
 *
 * - **Matching**: a query is split on white space into terms that must all match, in any order. A term matches a
 *   path when its characters appear in it in order (a subsequence), compared case-insensitively. A `/` (or `\`) in a
 *   term is a path separator and matches one, so `app/App` finds `src/app/App.tsx`; a term without one may still
 *   span folders (`usrv` matches `src/utils/server/view.ts`), it only scores lower than a match in the file name.
 *   A term with a `/` has no preference for the file name (no `nameStart`, `inName` or `exactName` bonus).
 * - **Score** of a term: the best alignment (dynamic programming, as fzf's v2): every matched character is worth
 *   `MATCH`, plus a bonus by what comes before it (`BONUS`: the start of the file name, the start of the path or a
 *   `/`, a `_ - .` or other punctuation, a camelCase hump or a digit after a letter), plus `BONUS.consecutive` at
 *   least for a character that continues a run, plus `BONUS.inName` for a character in the file name (the last
 *   segment), plus `BONUS.sameCase`; the first character's boundary bonus counts twice; a gap between matched
 *   characters costs `GAP.start`, and `GAP.extend` for each further skipped character. A term that is the whole
 *   file name, or the file name without its extension, earns `BONUS.exactName` on top. A query's score is the sum
 *   of its terms' scores; its positions are the union of theirs (indexes into the path, ascending).
 * - **Ranking** (`rankFiles`): best score first; ties go to the shorter path, then to the earlier entry (stable).
 *   An empty query answers the first `limit` entries, shallowest first, then shortest, then in the given order
 *   (score 0, no positions).
 * Very long pairs (more than `MAX_CELLS` term × path characters) are aligned greedily instead, left to right.
 */

export interface FuzzyMatch {
  score: number;
  /** Indexes into the path of the matched characters, ascending. */
  positions: number[];
}

export interface RankEntry {
  path: string;
  kind: 'file' | 'folder';
}

export type RankedEntry<T extends RankEntry = RankEntry> = T & FuzzyMatch;

export const MATCH = 16;
export const GAP = { start: 3, extend: 1 } as const;
export const BONUS = {
  /** The first character of the file name (the last segment). */
  nameStart: 10,
  /** The start of the path, or after a `/`. */
  slash: 9,
  /** After `_`, `-`, `.`, a space or other punctuation. */
  separator: 8,
  /** An upper-case letter after a lower-case one, a digit after a letter. */
  camel: 7,
  /** At least this much for a character that continues a run of matched characters. */
  consecutive: 5,
  /** Every matched character in the file name. */
  inName: 4,
  /** The query's character has the path's case. */
  sameCase: 1,
  /** The term is the whole file name, or the file name without its extension. */
  exactName: 40,
  /** The first matched character's boundary bonus counts this many times. */
  firstCharFactor: 2,
} as const;
/** Above this many term × path characters a term is aligned greedily (bounds time and memory). */
export const MAX_CELLS = 1 << 18;

const NONE = -1e9;

/** Lower-cases without changing the length (indexes stay valid): characters whose lower case is longer stay as they are. */
export function lowerAligned(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (const ch of s) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** The query's terms: split on white space, backslashes read as slashes. */
export function queryTerms(query: string): string[] {
  return query.replace(/\\/g, '/').trim().split(/\s+/).filter(Boolean);
}

const isLower = (c: number) => (c >= 97 && c <= 122);
const isUpper = (c: number) => (c >= 65 && c <= 90);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => isLower(c) || isUpper(c) || isDigit(c) || c >= 128;

/** Per character of the path: the boundary bonus of a match there (without the in-name bonus). */
function boundaryBonus(path: string, i: number, nameStart: number): number {
  if (i === nameStart) return BONUS.nameStart;
  if (i === 0) return BONUS.slash;
  const prev = path.charCodeAt(i - 1);
  const cur = path.charCodeAt(i);
  if (prev === 47) return BONUS.slash; // '/'
  if (!isWordChar(prev) && isWordChar(cur)) return BONUS.separator;
  if (isLower(prev) && isUpper(cur)) return BONUS.camel;
  if ((isLower(prev) || isUpper(prev)) && isDigit(cur)) return BONUS.camel;
  return 0;
}

// Reused matrices (grown on demand), one row per term character over the path's characters: the score of the best
// alignment with term char i at path char j (`at`), with term char i before j and the characters after it up to j
// skipped (`gap`, and where that match was: `gapFrom`), and whether the best `at` continued a run (`run`). Row i is
// computed only from the earliest place term char i can match (`lo`, greedy from the left) to the last place the
// next row reads (the latest place term char i + 1 can match, greedy from the right: `hi`).
let at = new Float64Array(0);
let gap = new Float64Array(0);
let gapFrom = new Int32Array(0);
let run = new Uint8Array(0);
let lo = new Int32Array(0);
let hi = new Int32Array(0);

function ensure(cells: number, m: number): void {
  if (at.length < cells) {
    const size = Math.max(cells, at.length * 2);
    at = new Float64Array(size);
    gap = new Float64Array(size);
    gapFrom = new Int32Array(size);
    run = new Uint8Array(size);
  }
  if (lo.length < m) {
    lo = new Int32Array(Math.max(m, lo.length * 2));
    hi = new Int32Array(lo.length);
  }
}

function nameStartOf(path: string): number {
  return path.lastIndexOf('/', path.length - 2) + 1;
}

function exactNameBonus(lowerTerm: string, lowerPath: string, nameStart: number): number {
  if (!lowerPath.startsWith(lowerTerm, nameStart)) return 0;
  const after = nameStart + lowerTerm.length;
  if (after === lowerPath.length) return BONUS.exactName;
  // The name without its extension: the term stops at the name's last dot.
  return after > nameStart && lowerPath.charCodeAt(after) === 46 && lowerPath.indexOf('.', after + 1) < 0 ? BONUS.exactName : 0;
}

/** The score of one alignment of a term (as typed) with the path: positions ascending, one per character. */
function alignmentScore(rawTerm: string, path: string, nameStart: number, positions: readonly number[]): number {
  let score = 0;
  for (let i = 0; i < positions.length; i++) {
    const j = positions[i];
    let bonus = boundaryBonus(path, j, nameStart);
    if (i === 0) bonus *= BONUS.firstCharFactor;
    else if (j === positions[i - 1] + 1) bonus = Math.max(bonus, BONUS.consecutive);
    else score -= GAP.start + GAP.extend * (j - positions[i - 1] - 2);
    score += MATCH + bonus + (j >= nameStart ? BONUS.inName : 0) + (path.charCodeAt(j) === rawTerm.charCodeAt(i) ? BONUS.sameCase : 0);
  }
  return score;
}

/** The score `fuzzyScore` gives one term (as typed) aligned at these positions of the path (for tests and tools). */
export function scoreAlignment(rawTerm: string, path: string, positions: readonly number[]): number {
  const raw = rawTerm.replace(/\\/g, '/');
  const term = lowerAligned(raw);
  const nameStart = term.includes('/') ? path.length + 1 : nameStartOf(path);
  return alignmentScore(raw, path, nameStart, positions) + exactNameBonus(term, lowerAligned(path), nameStart);
}

/** Greedy left-to-right alignment (for very long pairs). */
function greedy(term: string, rawTerm: string, path: string, lowerPath: string, nameStart: number, positions: number[] | null): number {
  const found: number[] = [];
  for (let i = 0, j = -1; i < term.length; i++) {
    j = lowerPath.indexOf(term[i], j + 1);
    if (j < 0) return NONE;
    found.push(j);
  }
  positions?.push(...found);
  return alignmentScore(rawTerm, path, nameStart, found);
}

/**
 * One term against one path: the best score, or NONE. `term` is lower-cased (`lowerAligned`), `rawTerm` as typed;
 * positions are appended to `positions` when given.
 */
function scoreTerm(term: string, rawTerm: string, path: string, lowerPath: string, positions: number[] | null): number {
  const m = term.length;
  const n = path.length;
  ensure(0, m);
  // The earliest place of each term character (greedy from the left); none: no match.
  for (let i = 0, j = -1; i < m; i++) {
    j = lowerPath.indexOf(term[i], j + 1);
    if (j < 0) return NONE;
    lo[i] = j;
  }
  // The latest place of each (greedy from the right).
  for (let i = m - 1, j = n; i >= 0; i--) {
    j = lowerPath.lastIndexOf(term[i], j - 1);
    hi[i] = j;
  }
  // A term with a '/' is matched as a path: no preference for the file name.
  const nameStart = term.includes('/') ? n + 1 : nameStartOf(path);
  const exact = exactNameBonus(term, lowerPath, nameStart);
  const width = hi[m - 1] + 1;
  if (m * width > MAX_CELLS) return greedy(term, rawTerm, path, lowerPath, nameStart, positions) + exact;
  ensure(m * width, m);

  for (let i = 0; i < m; i++) {
    const tc = term.charCodeAt(i);
    const rc = rawTerm.charCodeAt(i);
    const row = i * width;
    const prevRow = row - width;
    const first = lo[i];
    const last = hi[i];
    const end = i < m - 1 ? hi[i + 1] - 1 : last;
    for (let j = first; j <= end; j++) {
      const k = row + j;
      // gap[i][j]: term char i matched before j, the characters after it up to j skipped.
      if (j === first) {
        gap[k] = NONE;
        gapFrom[k] = -1;
      } else {
        const open = at[k - 1] - GAP.start;
        const extend = gap[k - 1] - GAP.extend;
        if (open >= extend) {
          gap[k] = open;
          gapFrom[k] = j - 1;
        } else {
          gap[k] = extend;
          gapFrom[k] = gapFrom[k - 1];
        }
      }
      if (j > last || lowerPath.charCodeAt(j) !== tc) {
        at[k] = NONE;
        continue;
      }
      const own = MATCH + (j >= nameStart ? BONUS.inName : 0) + (path.charCodeAt(j) === rc ? BONUS.sameCase : 0);
      const bonus = boundaryBonus(path, j, nameStart);
      if (i === 0) {
        at[k] = own + bonus * BONUS.firstCharFactor;
        run[k] = 0;
        continue;
      }
      // Row i - 1 holds values from lo[i - 1] ≤ j - 1 on.
      const before = prevRow + j - 1;
      const consecutive = at[before] > NONE ? at[before] + Math.max(bonus, BONUS.consecutive) : NONE;
      const afterGap = gap[before] > NONE ? gap[before] + bonus : NONE;
      if (consecutive === NONE && afterGap === NONE) {
        at[k] = NONE;
      } else if (consecutive >= afterGap) {
        at[k] = own + consecutive;
        run[k] = 1;
      } else {
        at[k] = own + afterGap;
        run[k] = 0;
      }
    }
  }

  const lastRow = (m - 1) * width;
  let best = NONE;
  let bestJ = -1;
  for (let j = lo[m - 1]; j <= hi[m - 1]; j++) {
    if (at[lastRow + j] > best) {
      best = at[lastRow + j];
      bestJ = j;
    }
  }
  if (best === NONE) return NONE;
  if (positions) {
    const found: number[] = new Array(m);
    for (let i = m - 1, j = bestJ; i >= 0; i--) {
      found[i] = j;
      if (i > 0) j = run[i * width + j] ? j - 1 : gapFrom[(i - 1) * width + j - 1];
    }
    positions.push(...found);
  }
  return best + exact;
}

interface PreparedQuery {
  terms: string[];
  raw: string[];
}

function prepare(query: string): PreparedQuery {
  const raw = queryTerms(query);
  return { raw, terms: raw.map(lowerAligned) };
}

/** The query's score against the path, or NONE when some term does not match. */
function scorePrepared(q: PreparedQuery, path: string, lowerPath: string): number {
  let score = 0;
  for (let t = 0; t < q.terms.length; t++) {
    const s = scoreTerm(q.terms[t], q.raw[t], path, lowerPath, null);
    if (s === NONE) return NONE;
    score += s;
  }
  return score;
}

function matchPrepared(q: PreparedQuery, path: string, lowerPath: string): FuzzyMatch | null {
  let score = 0;
  const positions: number[] = [];
  for (let t = 0; t < q.terms.length; t++) {
    const s = scoreTerm(q.terms[t], q.raw[t], path, lowerPath, positions);
    if (s === NONE) return null;
    score += s;
  }
  return { score, positions: q.terms.length > 1 ? [...new Set(positions)].sort((x, y) => x - y) : positions };
}

/** How well `query` matches `path` (see the module doc), or null when some term does not match. An empty query matches with score 0. */
export function fuzzyScore(query: string, path: string): FuzzyMatch | null {
  return matchPrepared(prepare(query), path, lowerAligned(path));
}

const depthOf = (path: string) => {
  let d = 0;
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) d++;
  return d;
};

interface Candidate {
  index: number;
  /** The score, or for the empty query minus the depth. */
  score: number;
  length: number;
}

/** Higher score, then shorter path, then earlier entry. */
const better = (a: Candidate, b: Candidate) =>
  a.score !== b.score ? a.score > b.score : a.length !== b.length ? a.length < b.length : a.index < b.index;

/** Keeps the best `limit` candidates offered (entries offered in order), best first (`done()`). */
function topK(limit: number, expected: number) {
  const items: Candidate[] = [];
  if (limit >= expected) {
    // Everything fits: collect, sort once.
    return {
      offer: (index: number, score: number, length: number) => void items.push({ index, score, length }),
      done: () => items.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0)),
    };
  }
  return {
    done: () => items,
    offer(index: number, score: number, length: number) {
      if (items.length >= limit) {
        // A later entry must beat the worst kept one on score or length (it loses ties on order).
        const worst = items[items.length - 1];
        if (score < worst.score || (score === worst.score && length >= worst.length)) return;
      }
      const item = { index, score, length };
      let low = 0;
      let high = items.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (better(item, items[mid])) high = mid;
        else low = mid + 1;
      }
      items.splice(low, 0, item);
      if (items.length > limit) items.pop();
    },
  };
}

/** The entries `query` matches, best first, at most `limit` (see the module doc for the order). */
export function rankFiles<T extends RankEntry>(query: string, entries: readonly T[], limit: number): RankedEntry<T>[] {
  const max = limit > 0 ? Math.floor(limit) : 0;
  if (max === 0) return [];
  const q = prepare(query);
  const best = topK(max, entries.length);
  if (!q.terms.length) {
    for (let i = 0; i < entries.length; i++) {
      const path = entries[i].path;
      best.offer(i, -depthOf(path), path.length);
    }
    return best.done().map(({ index }) => ({ ...entries[index], score: 0, positions: [] }));
  }
  for (let i = 0; i < entries.length; i++) {
    const path = entries[i].path;
    const score = scorePrepared(q, path, lowerAligned(path));
    if (score !== NONE) best.offer(i, score, path.length);
  }
  return best.done().map(({ index }) => {
    const entry = entries[index];
    const found = matchPrepared(q, entry.path, lowerAligned(entry.path))!;
    return { ...entry, score: found.score, positions: found.positions };
  });
}
