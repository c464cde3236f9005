import { describe, expect, it } from 'vitest';
import { kiroPlan } from './corpus/tasksCorpus.fixture';
import { parseTasks } from './tasksParser';
import { requirementExcerpts } from './requirementSections';
import { selectTasks } from './taskSelection';

const ids = (tasks: readonly { id: string }[]) => tasks.map((t) => t.id);
const { tasks } = parseTasks(kiroPlan);

describe('selectTasks', () => {
  it('runs the open leaf tasks in file order; optional ones are left out unless named', () => {
    const s = selectTasks(tasks);
    expect(ids(s.run)).toEqual(['2.2', '3.1']);
    expect(ids(s.skippedOptional)).toEqual(['2.3']);
    expect(ids(s.alreadyDone)).toEqual(['1', '2.1']);
  });

  it('only: a parent stands for its sub-tasks, a named optional task runs, ids match with a trailing dot', () => {
    expect(ids(selectTasks(tasks, { only: ['2.'] }).run)).toEqual(['2.2', '2.3']);
    expect(ids(selectTasks(tasks, { only: ['2.3'] }).run)).toEqual(['2.3']);
    expect(ids(selectTasks(tasks, { only: ['3', '2.2'] }).run)).toEqual(['2.2', '3.1']);
    expect(ids(selectTasks(tasks, { only: ['1'] }).run)).toEqual([]);
  });

  it('from: the task and every open one after it; with only, both apply', () => {
    expect(ids(selectTasks(tasks, { from: '3' }).run)).toEqual(['3.1']);
    expect(ids(selectTasks(tasks, { from: '2' }).run)).toEqual(['2.2', '3.1']);
    expect(ids(selectTasks(tasks, { from: '2.2', only: ['2', '3'] }).run)).toEqual(['2.2', '2.3', '3.1']);
  });

  it('an id not in the file is a bad_request that lists the ids there are', () => {
    expect(() => selectTasks(tasks, { only: ['9'] })).toThrow(/No task "9" in the tasks.md; its tasks are 1, 2, 2.1, 2.2, 2.3, 3, 3.1/);
    expect(() => selectTasks(tasks, { from: '4.1' })).toThrow(/No task "4.1"/);
  });
});

describe('requirementExcerpts', () => {
  const reqs = [
    '# Requirements Document',
    '',
    '## Introduction',
    'About the app.',
    '',
    '### Requirement 1',
    '**User Story:** As a user, I want to sign in.',
    '#### Acceptance Criteria',
    '1. WHEN the password is right THEN sign in',
    '2. WHEN it is wrong THEN say so',
    '',
    '### Requirement 2',
    'Sessions expire.',
    '',
    '### Requirement 3',
    'Audit log.',
  ].join('\n');

  it('gives each cited requirement whole, in file order, with its sub-headings', () => {
    const text = requirementExcerpts(reqs, ['3.1', '1.2']);
    expect(text).toContain('### Requirement 1');
    expect(text).toContain('2. WHEN it is wrong THEN say so');
    expect(text).toContain('#### Acceptance Criteria');
    expect(text).toContain('Audit log.');
    expect(text).not.toContain('Sessions expire');
    expect(text.indexOf('Requirement 1')).toBeLessThan(text.indexOf('Requirement 3'));
  });

  it('says which ids have no section, and keeps to the limit', () => {
    expect(requirementExcerpts(reqs, ['7.1'])).toBe('(No section found in requirements.md for requirement 7.)');
    expect(requirementExcerpts(null, ['1'])).toBe('');
    expect(requirementExcerpts(reqs, [])).toBe('');
    expect(requirementExcerpts(reqs, ['1', '2', '3'], 40)).toMatch(/^### Requirement 1[\s\S]{0,40}… \(cut\)$/);
  });

  it('reads "## 1. Title" numbering and CRLF files', () => {
    const text = requirementExcerpts('## 1. Sign in\r\nMust work.\r\n## 2. Sign out\r\nAlso.\r\n', ['2']);
    expect(text).toBe('## 2. Sign out\nAlso.');
  });
});
