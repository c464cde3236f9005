import { describe, expect, it } from 'vitest';
import { todoNumber } from '../../ui/todoNumber';
import { toolInputText } from './toolInputText';

describe('what the activity shows of a call (issue 27, defect 16)', () => {
  it('shows an edit_file call as its file and old → new lines, not JSON', () => {
    const input = JSON.stringify({ path: 'src/app.ts', edits: [{ search: 'greet()\n  return 1;', replace: 'greet(name: string)' }] });
    const text = toolInputText('edit_file', input);
    expect(text).toBe('src/app.ts\n\n− greet()\n−   return 1;\n+ greet(name: string)');
    expect(text).not.toContain('{');
    expect(text).not.toContain('"search"');
  });
  it('keeps other tools as name: value lines, and odd input as it is', () => {
    expect(toolInputText('read_file', JSON.stringify({ path: 'a.ts' }))).toBe('path: a.ts');
    expect(toolInputText('edit_file', 'not json')).toBe('not json');
  });
  it("names a plan's TODOs by the board's numbers, a spec's by their task numbers", () => {
    const board = [{ id: 't1' }, { id: 't3' }, { id: 't2' }];
    expect(todoNumber('t1', board)).toBe('1');
    expect(todoNumber('t3', board)).toBe('2');
    expect(todoNumber('t2', null)).toBe('2');
    expect(todoNumber('2.1', board)).toBe('2.1');
  });
});
