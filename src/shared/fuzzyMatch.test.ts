import { describe, expect, it } from 'vitest';
import { BONUS, fuzzyScore, lowerAligned, MAX_CELLS, queryTerms, rankFiles, scoreAlignment, type RankEntry } from './fuzzyMatch';

const files = (...paths: string[]): RankEntry[] => paths.map((path) => ({ path, kind: 'file' }));
const ranked = (query: string, entries: RankEntry[], limit = 50) => rankFiles(query, entries, limit).map((r) => r.path);
const highlighted = (path: string, positions: number[]) => positions.map((i) => path[i]).join('');

const project = files(
  'README.md',
  'package.json',
  'docs/architecture.md',
  'src/userService.ts',
  'src/utils/server/view.ts',
  'src/utils/strings.ts',
  'src/context/contextBuilder.ts',
  'src/context/contextBuilder.test.ts',
  'src/context/builders/index.ts',
  'src/app/App.tsx',
  'src/app/AppShell.tsx',
  'src/app/index.ts',
  'src/main/core/workspace/fileIndex.ts',
  'src/main/core/workspace/fileWatcher.ts',
  'src/renderer/src/features/board/BoardView.tsx',
  'src/index.ts',
  'src/indexer.ts',
  '.github/workflows/ci.yml',
);

describe('fuzzyScore', () => {
  it('matches a subsequence case-insensitively and answers the positions it matched', () => {
    const m = fuzzyScore('USRV', 'src/userService.ts');
    expect(m).not.toBeNull();
    expect(highlighted('src/userService.ts', m!.positions).toLowerCase()).toBe('usrv');
    expect(m!.positions).toEqual([...m!.positions].sort((a, b) => a - b));
  });

  it('answers null when a character is missing or out of order', () => {
    expect(fuzzyScore('zq', 'src/userService.ts')).toBeNull();
    expect(fuzzyScore('vsu', 'src/userService.ts')).toBeNull();
  });

  it('matches an empty query with score 0 and no positions', () => {
    expect(fuzzyScore('', 'src/a.ts')).toEqual({ score: 0, positions: [] });
    expect(fuzzyScore('   ', 'src/a.ts')).toEqual({ score: 0, positions: [] });
  });

  it('prefers word starts: after /, _, -, ., and camelCase humps', () => {
    // "cb" at the humps of contextBuilder beats "cb" in the middle of words.
    expect(fuzzyScore('cb', 'src/contextBuilder.ts')!.score).toBeGreaterThan(fuzzyScore('cb', 'src/arcbar.ts')!.score);
    expect(fuzzyScore('fi', 'src/file_index.ts')!.score).toBeGreaterThan(fuzzyScore('fi', 'src/profile.ts')!.score);
    expect(fuzzyScore('wi', 'src/web-index.ts')!.score).toBeGreaterThan(fuzzyScore('wi', 'src/twine.ts')!.score);
    expect(highlighted('src/contextBuilder.ts', fuzzyScore('cb', 'src/contextBuilder.ts')!.positions)).toBe('cB');
  });

  it('prefers consecutive runs over scattered characters', () => {
    expect(fuzzyScore('view', 'src/view.ts')!.score).toBeGreaterThan(fuzzyScore('view', 'src/vxixexw.ts')!.score);
  });

  it('prefers a match in the file name over the same letters in folder names', () => {
    expect(fuzzyScore('board', 'src/features/board/index.ts')!.score).toBeLessThan(fuzzyScore('board', 'src/features/x/board.ts')!.score);
  });

  it('gives the exact file name (with or without its extension) a bonus', () => {
    const exact = fuzzyScore('index', 'src/index.ts')!.score;
    const partial = fuzzyScore('index', 'src/indexer.ts')!.score;
    expect(exact - partial).toBeGreaterThanOrEqual(BONUS.exactName);
    expect(fuzzyScore('index.ts', 'src/index.ts')!.score).toBeGreaterThan(fuzzyScore('index.ts', 'src/index.tsx')!.score);
  });

  it('needs every space-separated term, in any order, and joins their positions', () => {
    const path = 'src/app/App.tsx';
    const m = fuzzyScore('tsx app', path)!;
    expect(m).not.toBeNull();
    expect(m.positions).toEqual([...new Set(m.positions)].sort((a, b) => a - b));
    expect(highlighted(path, m.positions)).toContain('tsx');
    expect(fuzzyScore('app zzz', path)).toBeNull();
  });

  it('matches a / in the query against a path separator (a backslash counts as one)', () => {
    const path = 'src/main/core/workspace/fileIndex.ts';
    expect(fuzzyScore('core/ws/fi', path)).not.toBeNull();
    expect(fuzzyScore('core\\ws\\fi', path)!.score).toBe(fuzzyScore('core/ws/fi', path)!.score);
    expect(fuzzyScore('fi/core', path)).toBeNull();
    expect(highlighted('src/app/App.tsx', fuzzyScore('src/app', 'src/app/App.tsx')!.positions)).toBe('src/app');
  });

  it('keeps positions on the path when lower-casing would change lengths', () => {
    expect(lowerAligned('İx/A.ts')).toHaveLength('İx/A.ts'.length);
    const m = fuzzyScore('a', 'İx/A.ts')!;
    expect(highlighted('İx/A.ts', m.positions)).toBe('A');
  });

  it('aligns very long paths greedily, still answering valid positions', () => {
    const path = `${'deep/'.repeat(Math.ceil(MAX_CELLS / 10 / 5) * 2)}needle.ts`; // 10 × ~2 × MAX_CELLS / 10 cells
    const m = fuzzyScore('deepneedle', path)!;
    expect(m).not.toBeNull();
    expect(highlighted(path, m.positions)).toBe('deepneedle');
  });

  it('answers the best alignment there is (checked against every alignment of small random cases)', () => {
    let seed = 7;
    const rand = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
    };
    const pick = (chars: string, length: number) => Array.from({ length }, () => chars[rand(chars.length)]).join('');
    /** Every ascending choice of positions of `path` holding the term's characters (case-insensitively). */
    const alignments = (term: string, path: string, from = 0): number[][] => {
      if (!term) return [[]];
      const out: number[][] = [];
      for (let j = from; j < path.length; j++) {
        if (path[j].toLowerCase() !== term[0].toLowerCase()) continue;
        for (const rest of alignments(term.slice(1), path, j + 1)) out.push([j, ...rest]);
      }
      return out;
    };
    let matched = 0;
    for (let round = 0; round < 2000; round++) {
      const path = pick('aAbB/_.x', 3 + rand(14));
      const term = pick('aAb/', 1 + rand(4));
      const every = alignments(term, path);
      const found = fuzzyScore(term, path);
      if (!every.length) {
        expect(found, `${term} in ${path}`).toBeNull();
        continue;
      }
      matched++;
      const best = Math.max(...every.map((positions) => scoreAlignment(term, path, positions)));
      expect(found?.score, `${term} in ${path}`).toBe(best);
      expect(scoreAlignment(term, path, found!.positions), `${term} in ${path}: the positions answered`).toBe(best);
    }
    expect(matched).toBeGreaterThan(500);
  });

  it('splits queries into terms on white space', () => {
    expect(queryTerms('  app   tsx ')).toEqual(['app', 'tsx']);
    expect(queryTerms('a\\b')).toEqual(['a/b']);
  });
});

describe('rankFiles', () => {
  it('ranks src/userService.ts above src/utils/server/view.ts for "usrv"', () => {
    const order = ranked('usrv', project);
    expect(order[0]).toBe('src/userService.ts');
    expect(order).toContain('src/utils/server/view.ts');
    expect(order.indexOf('src/userService.ts')).toBeLessThan(order.indexOf('src/utils/server/view.ts'));
  });

  it('finds contextBuilder.ts for "ctxb", the source before its test', () => {
    expect(ranked('ctxb', project).slice(0, 2)).toEqual(['src/context/contextBuilder.ts', 'src/context/contextBuilder.test.ts']);
  });

  it('finds src/app/App.tsx first for "app tsx"', () => {
    expect(ranked('app tsx', project)[0]).toBe('src/app/App.tsx');
    expect(ranked('tsx app', project)[0]).toBe('src/app/App.tsx');
  });

  it('puts the exact file name before partial ones', () => {
    expect(ranked('App', project).slice(0, 2)).toEqual(['src/app/App.tsx', 'src/app/AppShell.tsx']);
    expect(ranked('index', project)[0]).toBe('src/index.ts');
    expect(ranked('index', project).indexOf('src/index.ts')).toBeLessThan(ranked('index', project).indexOf('src/indexer.ts'));
    expect(ranked('filewatcher', project)[0]).toBe('src/main/core/workspace/fileWatcher.ts');
  });

  it('leaves out what does not match', () => {
    expect(ranked('zzz', project)).toEqual([]);
    expect(ranked('ctxb', project)).not.toContain('README.md');
  });

  it('breaks score ties by shorter path, then by the given order (stable)', () => {
    const entries = files('b/long/x/readme.md', 'a/x/readme.md', 'c/x/readme.md', 'd/y/readme.md');
    expect(ranked('readme', entries)).toEqual(['a/x/readme.md', 'c/x/readme.md', 'd/y/readme.md', 'b/long/x/readme.md']);
  });

  it('answers at most limit items, the best ones', () => {
    const many = files(...Array.from({ length: 500 }, (_, i) => `src/mod${i}/file${i}.ts`), 'src/file.ts');
    const top = rankFiles('file', many, 5);
    expect(top).toHaveLength(5);
    expect(top[0].path).toBe('src/file.ts');
    expect(rankFiles('file', many, 0)).toEqual([]);
    // A limit above the number of entries answers every match, in the same order.
    const all = rankFiles('file', many, 10_000);
    expect(all).toHaveLength(501);
    expect(all.slice(0, 5)).toEqual(top);
    expect(rankFiles('', many, 10_000).slice(0, 5)).toEqual(rankFiles('', many, 5));
  });

  it('answers an empty query with the first entries, shallowest and shortest first, without scores', () => {
    const top = rankFiles('', project, 4);
    expect(top.map((r) => r.path)).toEqual(['README.md', 'package.json', 'src/index.ts', 'src/indexer.ts']);
    expect(top.every((r) => r.score === 0 && r.positions.length === 0)).toBe(true);
  });

  it('keeps the entries\' own fields (kind) and scores folders by their own name', () => {
    const entries: RankEntry[] = [{ path: 'src/features/board', kind: 'folder' }, ...files('src/features/board/BoardView.tsx')];
    const top = rankFiles('board', entries, 10);
    expect(top[0]).toMatchObject({ path: 'src/features/board', kind: 'folder' });
    expect(top[0].positions).toEqual([13, 14, 15, 16, 17]);
  });

  it('finds dotfiles and folders of dotfiles', () => {
    expect(ranked('ci', project)[0]).toBe('.github/workflows/ci.yml');
  });
});
