import { describe, expect, it } from 'vitest';
import { greetSession } from '../agent/fixtures/recorded';
import { addTodo, draftOf, isBlank, isEdited, moveTodo, removeTodo, toPlanTodos, updateTodo, validateDraft, withoutBlank } from './planDraft';

const plan = greetSession.detail.todos.map(({ id, description, expectedResult }) => ({ id, description, expectedResult, status: 'pending' }));
const started = [
  { id: 'a', description: 'Done one', expectedResult: 'x', status: 'done' },
  { id: 'b', description: 'Working', expectedResult: 'y', status: 'in_progress' },
  { id: 'c', description: 'Next', expectedResult: 'z', status: 'pending' },
  { id: 'd', description: 'Later', expectedResult: 'w', status: 'pending' },
];

describe('plan draft', () => {
  it('edits, adds, deletes and reorders a proposed plan into what agent.approvePlan takes', () => {
    let draft = draftOf(plan, 'plan');
    expect(isEdited(draft, plan)).toBe(false);
    draft = updateTodo(draft, draft[1].key, { expectedResult: '  cat greet.txt prints hello world ' });
    const added = addTodo(draft, draft[0].key);
    draft = updateTodo(added.draft, added.key, { description: 'Add a README line', expectedResult: 'README mentions greet.txt' });
    draft = moveTodo(draft, draft[2].key, -1);
    draft = removeTodo(draft, draft[0].key);
    expect(isEdited(draft, plan)).toBe(true);
    expect(validateDraft(draft).size).toBe(0);
    expect(toPlanTodos(draft)).toEqual([
      { id: 't2', description: 'Print the greeting', expectedResult: 'cat greet.txt prints hello world' },
      { description: 'Add a README line', expectedResult: 'README mentions greet.txt' },
    ]);
  });

  it('says what is missing, per row and for the list', () => {
    let draft = draftOf(plan, 'plan');
    const { draft: withRow, key } = addTodo(draft);
    draft = updateTodo(withRow, key, { description: 'Something' });
    expect(validateDraft(draft).get(key)).toMatch(/expected/);
    draft = updateTodo(draft, key, { description: '   ', expectedResult: 'a result' });
    expect(validateDraft(draft).get(key)).toMatch(/what to do/);
    expect(validateDraft([]).get('')).toMatch(/at least one/);
    expect(isEdited(draftOf(plan, 'plan').map((t) => ({ ...t, description: `${t.description}  ` })), plan)).toBe(false);
  });

  it('keeps started TODOs as they are and where they are when editing a running board', () => {
    let draft = draftOf(started, 'edit');
    expect(draft.map((t) => t.locked)).toEqual([true, true, false, false]);
    expect(updateTodo(draft, draft[0].key, { description: 'changed' })).toEqual(draft);
    expect(removeTodo(draft, draft[1].key)).toEqual(draft);
    expect(moveTodo(draft, draft[2].key, -1)).toBe(draft); // not above a started one
    expect(moveTodo(draft, draft[1].key, 1)).toBe(draft);
    draft = moveTodo(draft, draft[3].key, -1);
    const { draft: withRow } = addTodo(draft, draft[0].key); // asked after a started one: goes after the last started
    expect(withRow.map((t) => t.id ?? 'new')).toEqual(['a', 'b', 'new', 'd', 'c']);
    draft = removeTodo(draft, draft[2].key);
    expect(toPlanTodos(draft)).toEqual([
      { id: 'a', description: 'Done one', expectedResult: 'x' },
      { id: 'b', description: 'Working', expectedResult: 'y' },
      { id: 'c', description: 'Next', expectedResult: 'z' },
    ]);
  });

  it('keeps no blank TODO: not a problem, not an edit, not sent, and a list of blanks is empty', () => {
    const source = draftOf(plan, 'plan');
    const { draft, key } = addTodo(source);
    const blank = updateTodo(draft, key, { description: '  ', expectedResult: '\n' });
    expect(isBlank(blank.find((t) => t.key === key)!)).toBe(true);
    expect(validateDraft(blank).size).toBe(0);
    expect(isEdited(blank, plan)).toBe(false);
    expect(toPlanTodos(blank)).toEqual(toPlanTodos(source));
    expect(withoutBlank(blank)).toEqual(source);
    expect(withoutBlank(source)).toBe(source);
    // Emptied rows of the model's plan are left out too; nothing left is a problem for the list.
    const emptied = source.map((t) => updateTodo([t], t.key, { description: '', expectedResult: '' })[0]);
    expect(toPlanTodos(emptied)).toEqual([]);
    expect(validateDraft(emptied).get('')).toMatch(/at least one/);
    // Half a TODO is not blank: it says what is missing.
    const half = updateTodo(draft, key, { description: 'Write notes.md' });
    expect(validateDraft(half).get(key)).toMatch(/expected/);
  });

  it('adds after a row, or at the end when that row is gone; a started TODO is never blank', () => {
    const draft = draftOf(plan, 'plan');
    expect(addTodo(draft, draft[0].key).draft.map((t) => t.id ?? 'new')).toEqual(['t1', 'new', 't2']);
    expect(addTodo(draft, 'gone').draft.map((t) => t.id ?? 'new')).toEqual(['t1', 't2', 'new']);
    const started = draftOf([{ id: 'x', description: '', expectedResult: '', status: 'done' }], 'edit');
    expect(isBlank(started[0])).toBe(false);
    expect(withoutBlank(started)).toBe(started);
  });
});
