import { describe, expect, it } from 'vitest';
import { mcpMentionFor, mentionAtCaret, mentionFor, parseMentions, removeMention } from './mentions';

describe('@ mentions', () => {
  it('parses files, line ranges, folders, quoted paths and the keywords, with their places in the text', () => {
    const text = 'Fix @src/a.ts:10-20, see @docs/ and @"my notes/a b.md" then @diff and @problems (also @checkpoint:0abc_1).';
    const found = parseMentions(text);
    expect(found.map(({ kind, ref }) => [kind, ref])).toEqual([
      ['file', 'src/a.ts:10-20'],
      ['folder', 'docs/'],
      ['file', 'my notes/a b.md'],
      ['diff', 'diff'],
      ['problems', 'problems'],
      ['checkpoint', 'checkpoint:0abc_1'],
    ]);
    expect(found[0]).toMatchObject({ path: 'src/a.ts', startLine: 10, endLine: 20 });
    expect(found[1]).toMatchObject({ path: 'docs' });
    expect(found[5]).toMatchObject({ checkpointId: '0abc_1' });
    for (const m of found) expect(text.slice(m.start, m.end).startsWith('@')).toBe(true);
    expect(text.slice(found[0].start, found[0].end)).toBe('@src/a.ts:10-20');
  });

  it('is not fooled by e-mail addresses, escaped @ or a lone @', () => {
    expect(parseMentions('mail me@example.com or \\@src/a.ts, or @ alone')).toEqual([]);
  });

  it('reads one line, and a range written backwards', () => {
    expect(parseMentions('@a.py:7')[0]).toMatchObject({ path: 'a.py', startLine: 7, endLine: 7 });
    expect(parseMentions('@a.py:9-3')[0]).toMatchObject({ startLine: 3, endLine: 9 });
  });

  it('inserts, removes and finds the mention at the caret', () => {
    expect(mentionFor('src/a.ts')).toBe('@src/a.ts');
    expect(mentionFor('docs', 'folder')).toBe('@docs/');
    expect(mentionFor('my notes/a.md')).toBe('@"my notes/a.md"');
    const text = 'look at @src/a.ts please';
    expect(removeMention(text, parseMentions(text)[0])).toBe('look at please');
    expect(mentionAtCaret('look at @src/a', 14)).toEqual({ start: 8, query: 'src/a' });
    expect(mentionAtCaret('me@x', 4)).toBeNull();
    expect(mentionAtCaret('no mention', 5)).toBeNull();
  });

  it('reads an MCP prompt with key=value arguments and a template with its variables in the quoted form (issue 24)', () => {
    const text = 'ask @"mcp:weather:forecast city=New York days=3" and @"mcp:docs:demo://item/{id} id=7", then @mcp:docs:note://a';
    const found = parseMentions(text);
    expect(found.map((m) => [m.kind, m.server, m.target, m.args])).toEqual([
      ['mcp', 'weather', 'forecast', { city: 'New York', days: '3' }],
      ['mcp', 'docs', 'demo://item/{id}', { id: '7' }],
      ['mcp', 'docs', 'note://a', undefined],
    ]);
    expect(text.slice(found[0].start, found[0].end)).toBe('@"mcp:weather:forecast city=New York days=3"');
    // What the completion inserts reads back as it was given; a value cannot hold a quote.
    const inserted = mcpMentionFor('weather', 'forecast', { city: 'São "Paulo"', days: '3' });
    expect(inserted).toBe('@"mcp:weather:forecast city=São Paulo days=3"');
    expect(parseMentions(inserted)[0].args).toEqual({ city: 'São Paulo', days: '3' });
    expect(mcpMentionFor('docs', 'note://a')).toBe('@mcp:docs:note://a');
    // A quoted path that is not an MCP mention stays a file.
    expect(parseMentions('@"mcp notes/a.md"')[0]).toMatchObject({ kind: 'file', path: 'mcp notes/a.md' });
  });
});
