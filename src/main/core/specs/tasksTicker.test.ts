import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpus, kiroPlan } from './corpus/tasksCorpus.fixture';
import { parseTasks, STATE_CHAR, type SpecTask, type TaskState } from './tasksParser';
import { findTask, numberOfId, tickParents, tickTask } from './tasksTicker';

/** Offsets (byte index) where two buffers differ; also counts a length difference. */
function byteDiff(a: string, b: string): number[] {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) out.push(i);
  return out;
}

function tick(text: string, ref: { id: string; title: string; line?: number }, state: TaskState): string {
  const r = tickTask(text, ref, state);
  if ('error' in r) throw new Error(r.error);
  return r.text;
}

const other = (s: TaskState): TaskState => (s === 'done' ? 'open' : 'done');
/** What a task parses as after a tick to `state`. */
const ticked = (t: SpecTask, state: TaskState): SpecTask => ({ ...t, state, mark: STATE_CHAR[state] });

describe('tickTask', () => {
  it('changes exactly one byte for every task of every corpus case', () => {
    for (const c of corpus) {
      for (const t of parseTasks(c.text).tasks) {
        const ref = { id: t.id, title: t.title, line: t.line };
        const out = tick(c.text, ref, other(t.state));
        expect(Buffer.from(out).length, c.name).toBe(Buffer.from(c.text).length);
        const diff = byteDiff(c.text, out);
        expect(diff, `${c.name} / ${t.id}`).toEqual([Buffer.byteLength(c.text.slice(0, t.checkboxOffset))]);
        // And the parse of the result shows only that task's state changed.
        const after = parseTasks(out).tasks;
        expect(after).toEqual(parseTasks(c.text).tasks.map((o) => (o.id === t.id ? ticked(o, other(t.state)) : o)));
      }
    }
  });

  it('writes x, space and - for done, open and in_progress, keeping CRLF and non-ASCII bytes', () => {
    const text = '- [ ] 1. Écrire le parseur ✓\r\n  - [ ] 1.1 Tests\r\n';
    const done = tick(text, { id: '1.1', title: 'Tests' }, 'done');
    expect(done).toBe('- [ ] 1. Écrire le parseur ✓\r\n  - [x] 1.1 Tests\r\n');
    expect(tick(done, { id: '1.1', title: 'Tests' }, 'in_progress')).toBe('- [ ] 1. Écrire le parseur ✓\r\n  - [-] 1.1 Tests\r\n');
    expect(tick(done, { id: '1.1', title: 'Tests' }, 'open')).toBe(text);
    expect(tick(text, { id: '1', title: 'Écrire le parseur ✓' }, 'done')).toBe('- [x] 1. Écrire le parseur ✓\r\n  - [ ] 1.1 Tests\r\n');
  });

  it('answers changed: false and the same text when the task already has that state', () => {
    const r = tickTask(kiroPlan, { id: '1', title: 'Set up project structure and core interfaces' }, 'done');
    expect(r).toMatchObject({ changed: false, text: kiroPlan });
    const upper = tickTask('- [X] 1. A\n', { id: '1', title: 'A' }, 'done');
    expect(upper).toMatchObject({ changed: false, text: '- [X] 1. A\n' });
  });

  it('finds the task again after the user inserted lines and tasks above it', () => {
    const t = parseTasks(kiroPlan).tasks.find((x) => x.id === '2.2')!;
    const edited = kiroPlan.replace('# Implementation Plan\n', '# Implementation Plan\n\nNotes the user added.\n- [ ] New task without number\n');
    const out = tick(edited, { id: t.id, title: t.title, line: t.line }, 'done');
    expect(byteDiff(edited, out)).toHaveLength(1);
    expect(out).toContain('  - [x] 2.2 Implement User model with validation');
    expect(parseTasks(out).tasks.find((x) => x.id === '2.2')!.line).toBe(t.line + 3);
  });

  it('tells apart duplicate titles by number', () => {
    const text = corpus.find((c) => c.name.startsWith('duplicate titles'))!.text;
    expect(tick(text, { id: '1.1', title: 'Write tests' }, 'done')).toContain('  - [x] 1.1 Write tests\n- [ ] 2. Ticker');
  });

  it('refuses an ambiguous task unless the line hint picks one', () => {
    const text = '- [ ] Set up CI\n- [ ] Set up CI\n';
    const r = tickTask(text, { id: 't1', title: 'Set up CI' }, 'done');
    expect(r).toMatchObject({ code: 'ambiguous' });
    expect((r as { error: string }).error).toContain('lines 1, 2');
    expect(tick(text, { id: 't2', title: 'Set up CI', line: 1 }, 'done')).toBe('- [ ] Set up CI\n- [x] Set up CI\n');
  });

  it('says why a task is not found', () => {
    const renamed = tickTask(kiroPlan, { id: '2.2', title: 'Implement Account model' }, 'done');
    expect(renamed).toMatchObject({ code: 'not_found' });
    expect((renamed as { error: string }).error).toMatch(/task 2\.2 "Implement Account model" is not in tasks\.md \(task 2\.2 at line 14 is now titled "Implement User model with validation"\)/);
    const renumbered = tickTask(kiroPlan, { id: '4', title: 'Create storage mechanism' }, 'done');
    expect((renumbered as { error: string }).error).toContain('at line 22 is numbered 3');
    expect(tickTask('', { id: '1', title: 'x' }, 'done')).toMatchObject({ code: 'not_found' });
  });

  it('does not tick a checkbox inside a code fence', () => {
    const text = '```\n- [ ] 1. A\n```\n- [ ] 1. A\n';
    expect(tick(text, { id: '1', title: 'A' }, 'done')).toBe('```\n- [ ] 1. A\n```\n- [x] 1. A\n');
  });

  it('maps ids to numbers', () => {
    expect(numberOfId('2.1')).toBe('2.1');
    expect(numberOfId('3~2')).toBe('3');
    expect(numberOfId('t3')).toBeNull();
    expect(findTask(parseTasks('- [ ] 1. A\n- [ ] 1. A\n').tasks, { id: '1~2', title: 'A', line: 1 })).toMatchObject({ id: '1~2' });
  });
});

describe('tickParents', () => {
  it('ticks parents whose children are all done, grandparents too, one byte each', () => {
    const text = '- [ ] 1. A\n  - [-] 1.1 B\n    - [x] 1.1.1 C\n    - [x] 1.1.2 D\n  - [x] 1.2 E\n- [ ] 2. F\n  - [x] 2.1 G\n  - [ ] 2.2 H\n- [ ] 3. Leaf\n';
    const r = tickParents(text);
    expect(r.ticked).toEqual(['1', '1.1']);
    expect(r.text).toBe(text.replace('- [ ] 1. A', '- [x] 1. A').replace('[-] 1.1 B', '[x] 1.1 B'));
    expect(byteDiff(text, r.text)).toHaveLength(2);
    expect(tickParents(r.text)).toEqual({ text: r.text, ticked: [] });
  });

  it('lets open optional sub-tasks through only with skipOptional', () => {
    const text = '- [ ] 1. A\n  - [x] 1.1 B\n  - [ ]* 1.2 Property test\n';
    expect(tickParents(text).ticked).toEqual([]);
    expect(tickParents(text, { skipOptional: true })).toEqual({ text: text.replace('- [ ] 1. A', '- [x] 1. A'), ticked: ['1'] });
  });

  it('leaves a done parent with open children alone', () => {
    const text = '- [x] 1. A\r\n  - [ ] 1.1 B\r\n';
    expect(tickParents(text)).toEqual({ text, ticked: [] });
  });
});

// ---- properties ----

/** Lines a user might add anywhere: prose, blanks, comments, and unnumbered tasks (no fences or headings). */
const noise = fc.constantFrom('', 'Some prose.', '   ', '<!-- note -->', '\t', 'Text with - [ ] inside', '> quote - [ ] 5. no', '- [ ] An extra task', '    - [x] Another one');
const ending = fc.constantFrom('\n', '\r\n');

describe('tick properties', () => {
  it('random edits elsewhere never move where the tick lands; parse(tick(text)) changes only that task', () => {
    const base = kiroPlan.split('\n').slice(0, -1);
    const ids = parseTasks(kiroPlan).tasks.map((t) => t.id);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(base.length), noise, ending), { maxLength: 8 }),
        fc.array(ending, { minLength: base.length, maxLength: base.length }),
        fc.constantFrom(...ids),
        fc.constantFrom<TaskState>('open', 'done', 'in_progress'),
        (inserts, endings, id, state) => {
          const rows = base.map((l, i) => l + endings[i]);
          for (const [at, line, end] of inserts) rows.splice(Math.min(at, rows.length), 0, line + end);
          const text = rows.join('');
          const before = parseTasks(text).tasks;
          const target = before.find((t) => t.id === id) as SpecTask;
          const r = tickTask(text, { id, title: target.title }, state);
          if ('error' in r) throw new Error(r.error);
          const diff = byteDiff(text, r.text);
          if (target.state === state) expect(diff).toEqual([]);
          else expect(diff).toEqual([Buffer.byteLength(text.slice(0, target.checkboxOffset))]);
          expect(parseTasks(r.text).tasks).toEqual(before.map((t) => (t.id === id && t.state !== state ? ticked(t, state) : t)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the tick lands on the same task whether or not other lines were inserted', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(30), noise), { maxLength: 6 }), fc.constantFrom('1', '2', '2.1', '2.2', '2.3', '3', '3.1'), (inserts, id) => {
        const rows = kiroPlan.split('\n');
        for (const [at, line] of inserts) rows.splice(Math.min(at, rows.length - 1), 0, line);
        const edited = rows.join('\n');
        const title = parseTasks(kiroPlan).tasks.find((t) => t.id === id)!.title;
        const clean = (s: string) => s.split('\n').filter((l) => !inserts.some(([, n]) => n === l)).join('\n');
        // Removing the inserted lines again from the ticked file gives the cleanly ticked original.
        expect(clean(tick(edited, { id, title }, 'in_progress'))).toBe(clean(tick(kiroPlan, { id, title }, 'in_progress')));
      }),
      { numRuns: 200 },
    );
  });
});

/** Random tasks.md-like texts: tasks at random indents with random numbers, details, prose, headings, fences. */
const piece = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', '  ', '    ', '\t', ' \t'),
      fc.constantFrom('-', '*', '+'),
      fc.constantFrom(' ', 'x', 'X', '-', '~', '/'),
      fc.constantFrom('', '*'),
      fc.constantFrom('', '1. ', '1.1 ', '2. ', '2.1. ', '1.1.1 ', '3 ', 'Task 2: ', '1.2: '),
      fc.constantFrom('Title', 'Write tests', 'Écrire ✓', '', 'A  B'),
    )
    .map(([ind, b, s, star, num, title]) => `${ind}${b} [${s}]${star} ${num}${title}`),
  fc.constantFrom('', 'Prose.', '  - detail', '    - _Requirements: 1.1_', '## Heading', '```', '~~~', '<!--', '-->', '- [ ]', '\uFEFF'),
);

it('on random texts, every task ticks by exactly one byte and only its state changes', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(piece, fc.constantFrom('\n', '\r\n', '\r', '')), { maxLength: 14 }), (rows) => {
      const text = rows.map(([l, e]) => l + e).join('');
      const before = parseTasks(text).tasks;
      for (const t of before) {
        const state = other(t.state);
        const r = tickTask(text, { id: t.id, title: t.title, line: t.line }, state);
        if ('error' in r) throw new Error(r.error);
        expect(byteDiff(text, r.text)).toEqual([Buffer.byteLength(text.slice(0, t.checkboxOffset))]);
        expect(parseTasks(r.text).tasks).toEqual(before.map((o) => (o.id === t.id ? ticked(o, state) : o)));
      }
    }),
    { numRuns: 400 },
  );
});

it('moves a queued [~] task on: open leaves it, in_progress and done replace the mark', () => {
  const text = '- [~] 1. Queued\n';
  expect(tickTask(text, { id: '1', title: 'Queued' }, 'open')).toMatchObject({ changed: false, text });
  expect(tick(text, { id: '1', title: 'Queued' }, 'in_progress')).toBe('- [-] 1. Queued\n');
  expect(parseTasks(text).tasks[0]).toMatchObject({ state: 'open', mark: '~' });
});
