import { describe, expect, it } from 'vitest';
import type { FoundFile } from '../../../../shared/contract';
import { activeItem, applyCompletion, completionItems, fileSearchText, moveActive, wantsCheckpoints } from './mentionCompletion';

const file = (path: string, positions: number[] = [], kind: 'file' | 'folder' = 'file'): FoundFile => ({ path, kind, score: 1, positions });
const checkpoints = [
  { checkpointId: 'ab12cd34', label: 'before the refactor' },
  { checkpointId: 'ffee0011', label: 'TODO 2 done' },
];

describe('completionItems', () => {
  it('offers every keyword for a bare @, then the files found', () => {
    const items = completionItems('', [file('src/util.ts')], checkpoints);
    expect(items.map((i) => i.label)).toEqual(['diff', 'problems', 'checkpoint:', 'mcp:', 'src/util.ts']);
    expect(items[0]).toMatchObject({ kind: 'keyword', insert: '@diff ', detail: "the working tree's git diff", continues: false });
    expect(items[2]).toMatchObject({ insert: '@checkpoint:', continues: true });
  });

  it('offers the keywords the query starts, highlighted, before the files', () => {
    const items = completionItems('pr', [file('src/print.ts', [4, 5])], checkpoints);
    expect(items.map((i) => [i.label, i.positions])).toEqual([
      ['problems', [0, 1]],
      ['src/print.ts', [4, 5]],
    ]);
  });

  it('turns files and folders into mentions: a folder with its slash, a path with spaces quoted', () => {
    const items = completionItems('ut', [file('src/util.ts', [4, 5]), file('src/util', [4, 5], 'folder'), file('my notes/ut.md', [9, 10])], []);
    expect(items.map((i) => [i.kind, i.label, i.insert])).toEqual([
      ['file', 'src/util.ts', '@src/util.ts '],
      ['folder', 'src/util/', '@src/util/ '],
      ['file', 'my notes/ut.md', '@"my notes/ut.md" '],
    ]);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
  });

  it('lists the checkpoints after checkpoint:, filtered by id or label, and no files', () => {
    expect(wantsCheckpoints('Checkpoint:')).toBe(true);
    expect(completionItems('checkpoint:', [file('x.ts')], checkpoints).map((i) => [i.label, i.detail, i.insert])).toEqual([
      ['checkpoint:ab12cd34', 'before the refactor', '@checkpoint:ab12cd34 '],
      ['checkpoint:ffee0011', 'TODO 2 done', '@checkpoint:ffee0011 '],
    ]);
    const byId = completionItems('checkpoint:cd3', [], checkpoints);
    expect(byId.map((i) => i.label)).toEqual(['checkpoint:ab12cd34']);
    expect(byId[0].positions).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16, 17]);
    expect(completionItems('checkpoint:todo', [], checkpoints).map((i) => i.label)).toEqual(['checkpoint:ffee0011']);
  });

  it('offers no keywords for a quoted path, and searches it without the quote', () => {
    expect(completionItems('"d', [], [])).toEqual([]);
    expect(fileSearchText('"my no')).toBe('my no');
  });
});

describe('applyCompletion', () => {
  it('replaces the typed @query with the mention and a space, caret after it', () => {
    expect(applyCompletion('fix @ut', 4, 7, '@src/util.ts ')).toEqual({ text: 'fix @src/util.ts ', caret: 17 });
  });
  it('replaces the whole word the caret is in, and does not double a following space', () => {
    expect(applyCompletion('fix @utzz please', 4, 7, '@src/util.ts ')).toEqual({ text: 'fix @src/util.ts please', caret: 17 });
    expect(applyCompletion('@di\nnext', 0, 3, '@diff ')).toEqual({ text: '@diff\nnext', caret: 6 });
  });
  it('leaves checkpoint: open (no space)', () => {
    expect(applyCompletion('see @ch', 4, 7, '@checkpoint:')).toEqual({ text: 'see @checkpoint:', caret: 16 });
  });
});

describe('moveActive / activeItem', () => {
  const items = completionItems('', [file('a.ts')], []);
  it('starts on the first item, moves and wraps', () => {
    expect(activeItem(items, null)?.label).toBe('diff');
    expect(moveActive(items, null, 1)).toBe('keyword:problems');
    expect(moveActive(items, null, -1)).toBe('file:a.ts');
    expect(moveActive(items, 'file:a.ts', 1)).toBe('keyword:diff');
    expect(moveActive(items, 'gone', 1)).toBe('keyword:problems');
    expect(moveActive([], null, 1)).toBeNull();
    expect(activeItem(items, 'file:a.ts')?.insert).toBe('@a.ts ');
  });
});

describe('@mcp: completion', () => {
  it('offers the keyword, then the servers\' resources and prompts, filtered as you type', async () => {
    const { completionItems } = await import('./mentionCompletion');
    expect(completionItems('mc', [], []).map((i) => [i.label, i.insert, i.continues])).toEqual([['mcp:', '@mcp:', true]]);
    const choices = [
      { server: 'docs', target: 'file:///guide.md', detail: 'The guide' },
      { server: 'notes', target: 'review', detail: 'prompt' },
    ];
    expect(completionItems('mcp:', [], [], choices).map((i) => i.label)).toEqual(['mcp:docs:file:///guide.md', 'mcp:notes:review']);
    const picked = completionItems('mcp:rev', [], [], choices);
    expect(picked.map((i) => [i.label, i.insert, i.kind])).toEqual([['mcp:notes:review', '@mcp:notes:review ', 'mcp']]);
    expect(picked[0].positions).toEqual([0, 1, 2, 3, 10, 11, 12]);
  });
});

describe('@mcp: prompts with arguments and resource templates (issue 24)', () => {
  it('a pick with fields asks for them; what it inserts carries the given ones as key=value', async () => {
    const { completionItems, mcpArgsInsert, missingFields } = await import('./mentionCompletion');
    const choices = [
      {
        server: 'weather',
        target: 'forecast',
        detail: 'prompt',
        fields: [
          { name: 'city', description: 'Name of the city', required: true },
          { name: 'days', description: null, required: false },
        ],
      },
      { server: 'docs', target: 'demo://item/{id}', detail: 'resource template', fields: [{ name: 'id', description: null, required: true }] },
    ];
    const [forecast] = completionItems('mcp:fore', [], [], choices);
    expect(forecast).toMatchObject({ label: 'mcp:weather:forecast', mcp: { server: 'weather', target: 'forecast' } });
    expect(forecast.fields?.map((f) => f.name)).toEqual(['city', 'days']);
    expect(missingFields(forecast.fields!, {})).toEqual(['city']);
    expect(missingFields(forecast.fields!, { city: '  ' })).toEqual(['city']);
    expect(missingFields(forecast.fields!, { city: 'New York' })).toEqual([]);
    expect(mcpArgsInsert(forecast, { city: 'New York', days: '' })).toBe('@"mcp:weather:forecast city=New York" ');
    expect(mcpArgsInsert(forecast, { city: 'Paris', days: '3' })).toBe('@"mcp:weather:forecast city=Paris days=3" ');
    const [item] = completionItems('mcp:item', [], [], choices);
    expect(mcpArgsInsert(item, { id: '7' })).toBe('@"mcp:docs:demo://item/{id} id=7" ');
  });
});
