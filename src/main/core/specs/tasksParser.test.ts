import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpus, kiroPlan } from './corpus/tasksCorpus.fixture';
import { indentWidth, leafTasks, matchRequirements, parseTasks, splitLines } from './tasksParser';

describe('parseTasks on the corpus', () => {
  it('has at least 12 variants', () => expect(corpus.length).toBeGreaterThanOrEqual(12));

  for (const c of corpus) {
    it(c.name, () => {
      const { tasks, problems } = parseTasks(c.text);
      expect(tasks.map((t) => [t.id, t.state, t.parentId, t.title])).toEqual(c.tree);
      expect(problems).toHaveLength(c.problems?.length ?? 0);
      (c.problems ?? []).forEach((p, i) => expect(problems[i]).toContain(p));
      const lines = splitLines(c.text);
      for (const t of tasks) {
        // The offset points at the state character between the brackets, on the task's line.
        expect(c.text[t.checkboxOffset - 1]).toBe('[');
        expect(c.text[t.checkboxOffset + 1]).toBe(']');
        const line = lines[t.line];
        expect(t.checkboxOffset).toBeGreaterThan(line.start);
        expect(t.checkboxOffset).toBeLessThan(line.start + line.text.length);
        // The tree is consistent: children list the tasks that name this one as parent, depth follows.
        expect(t.children).toEqual(tasks.filter((o) => o.parentId === t.id).map((o) => o.id));
        const parent = tasks.find((o) => o.id === t.parentId);
        expect(t.depth).toBe(parent ? parent.depth + 1 : 0);
      }
      expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    });
  }
});

describe('parseTasks details', () => {
  it('reads details, wrapped lines, requirements, optional and line numbers of a Kiro plan', () => {
    const { tasks } = parseTasks(kiroPlan);
    const byId = Object.fromEntries(tasks.map((t) => [t.id, t]));
    expect(byId['1'].details).toEqual(['Create directory structure for models, services, repositories', 'Define interfaces that establish system boundaries']);
    expect(byId['1'].requirements).toEqual(['1.1', '2.3']);
    expect(byId['2'].details).toEqual([]);
    expect(byId['2'].children).toEqual(['2.1', '2.2', '2.3']);
    expect(byId['2.1'].requirements).toEqual(['2.1', '3.3', '1.2']);
    expect(byId['2.2'].details).toEqual(['Write User class with validation methods that wrap onto a second line']);
    expect(byId['2.3'].optional).toBe(true);
    expect(byId['2.2'].optional).toBe(false);
    expect(tasks.map((t) => t.line)).toEqual([2, 7, 8, 13, 18, 21, 22]);
    expect(leafTasks(tasks).map((t) => t.id)).toEqual(['1', '2.1', '2.2', '2.3', '3.1']);
  });

  it('gives the same tree and line numbers for LF and CRLF', () => {
    const lf = parseTasks(kiroPlan).tasks;
    const crlf = parseTasks(kiroPlan.replace(/\n/g, '\r\n')).tasks;
    expect(crlf.map(({ checkboxOffset: _, ...t }) => t)).toEqual(lf.map(({ checkboxOffset: _, ...t }) => t));
    expect(crlf[1].checkboxOffset - lf[1].checkboxOffset).toBe(7); // one \r more on each of the 7 lines above
  });

  it('attaches details by indentation: a bullet beside a sub-task belongs to the parent', () => {
    const { tasks } = parseTasks('- [ ] 1. A\n  - [ ] 1.1 B\n    - of B\n  - of A\n');
    expect(tasks[0].details).toEqual(['of A']);
    expect(tasks[1].details).toEqual(['of B']);
  });

  it('does not take details across a heading or from unindented prose', () => {
    const { tasks } = parseTasks('- [ ] 1. A\nprose\n- not a detail\n## H\n  - not one either\n');
    expect(tasks[0].details).toEqual([]);
  });

  it('reports a sub-task numbered for another parent', () => {
    const { problems } = parseTasks('- [ ] 1. A\n  - [ ] 2.1 B\n');
    expect(problems).toEqual(['line 2: task 2.1 is nested under task 1.']);
  });

  it('reads requirements lines in their usual spellings', () => {
    expect(matchRequirements('_Requirements: 1.2, 3.1_')).toEqual(['1.2', '3.1']);
    expect(matchRequirements('*Requirements: 4.1*')).toEqual(['4.1']);
    expect(matchRequirements('**Requirements**: 1, 2.')).toEqual(['1', '2']);
    expect(matchRequirements('Requirement: 5.5; 6.1')).toEqual(['5.5', '6.1']);
    expect(matchRequirements('_Requirements: 1.4, 1.8 (Design §2)_')).toEqual(['1.4', '1.8']);
    expect(matchRequirements('**Validates: Requirements 1.2, 1.3**')).toEqual(['1.2', '1.3']);
    expect(matchRequirements('_需求：9.5、9.6_')).toEqual(['9.5', '9.6']);
    expect(matchRequirements('Requires the user model')).toBeNull();
    expect(matchRequirements('**Property 1: Requirements are kept**')).toBeNull();
  });

  it('measures indentation with tab stops of 4', () => {
    expect(indentWidth('\tx')).toBe(4);
    expect(indentWidth('  \tx')).toBe(4);
    expect(indentWidth('    \t x')).toBe(9);
  });

  it('splits lines on CRLF, LF and CR and skips a BOM', () => {
    expect(splitLines('\uFEFFa\r\nb\rc\nd').map((l) => [l.text, l.start])).toEqual([
      ['a', 1],
      ['b', 4],
      ['c', 6],
      ['d', 8],
    ]);
    expect(splitLines('a\n')).toHaveLength(1);
    expect(splitLines('')).toEqual([]);
  });
});

describe('parseTasks odd lines', () => {
  it('keeps a task without a title, with a problem', () => {
    const { tasks, problems } = parseTasks('- [ ] 1.\n- [ ]\n');
    expect(tasks.map((t) => [t.id, t.title])).toEqual([
      ['1', ''],
      ['t2', ''],
    ]);
    expect(problems).toEqual(['line 1: task 1 has no title.', 'line 2: task "" has no number; its id is t2.', 'line 2: task t2 has no title.']);
  });
});

describe('parseTasks on a Kiro plan with property tests', () => {
  it('reads Validates lines as requirements and keeps the property line as a detail', () => {
    const c = corpus.find((x) => x.name.startsWith('Kiro plan with optional'))!;
    const t = parseTasks(c.text).tasks.find((x) => x.id === '2.2')!;
    expect(t).toMatchObject({ optional: true, details: ['**Property 5: Unique file names**'], requirements: ['4.2'], depth: 1 });
    expect(leafTasks(parseTasks(c.text).tasks).map((x) => x.id)).toEqual(['1', '2.1', '2.2', '2.3', '3']);
  });
});

describe('parseTasks on any text', () => {
  it('never throws, and every checkbox offset sits between brackets on its line', () => {
    const chunk = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom('- [ ] ', '- [x] 1. ', '  * [-] 1.1 ', '\r\n', '\n', '\r', '\t', '```', '~~~', '# ', '<!--', '-->', '_Requirements: 1_'));
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const { tasks } = parseTasks(text);
        const lines = splitLines(text);
        for (const t of tasks) {
          expect(text.slice(t.checkboxOffset - 1, t.checkboxOffset + 2)).toMatch(/^\[.\]$/s);
          expect(t.checkboxOffset).toBeGreaterThanOrEqual(lines[t.line].start);
          expect(t.checkboxOffset).toBeLessThan(lines[t.line].start + lines[t.line].text.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
