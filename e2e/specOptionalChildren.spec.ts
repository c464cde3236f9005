import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { verdict } from './support/agentScripts';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';

// Issue 24, specs as they are written, from the Specs view against `akira serve` and the scripted model server:
// a Kiro plan whose task 2 has only optional sub-tasks at its own indentation (`- [ ]* 2.1` right under
// `- [ ] 2.`). Run this task on task 2: it is judged, runs, is verified, and only its checkbox changes in
// tasks.md; its optional sub-tasks stay open. Reopening it by hand gives the file back. An OpenSpec change is
// listed beside it with its badge and its `## 1. Group` tasks, without a warning.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const TASKS_PATH = '.kiro/specs/store/tasks.md';
// The tasks name no file, symbol or command: the quick checks cannot settle them, so the model is asked.
const TASKS = [
  '# Implementation Plan',
  '',
  '- [x] 1. Set up the project',
  '',
  '- [ ] 2. Implement the key-value store with an append-only log that is',
  '  replayed at start-up',
  '  - _Requirements: FR1_',
  '',
  '- [ ]* 2.1 Write property tests for the store',
  '',
  '- [ ]* 2.2 Write property tests for the replay',
  '',
  '- [ ] 3. Document the store for the team',
  '',
].join('\n');
const REQUIREMENTS = '# Requirements\n\n### FR1: Keep values\n\nThe store keeps every value put under a key.\n';
const CHANGE = ['## 1. Implementation', '', '- [ ] 1.1 Add the rate limiter', '- [ ] 1.2 Answer 429 when over the limit', '', '## 2. Tests', '', '- [ ] 2.1 Test the limiter', ''].join('\n');

const GLOBAL = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };
const task = (page: Page, id: string) => page.locator(`[data-testid="spec-task"][data-task-id="${id}"]`);
const item = (page: Page, name: string) => page.locator(`[data-testid="spec-item"][data-spec="${name}"]`);

test('Run this task on a task whose sub-tasks are all optional: it runs and only its box is ticked', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, {
    [TASKS_PATH]: TASKS,
    '.kiro/specs/store/requirements.md': REQUIREMENTS,
    'openspec/changes/add-rate-limits/tasks.md': CHANGE,
    'openspec/changes/add-rate-limits/proposal.md': '## Why\n\nToo many calls.\n',
    'openspec/changes/archive/2024-12-01-old/tasks.md': '- [x] 1.1 Done long ago\n',
  });
  app = await serveWithModel(repo, { globalSettings: GLOBAL });
  app.model.enqueue(
    (req) => {
      // The prompt holds the whole (wrapped) title and the FR1 section it cites.
      const text = JSON.stringify(req.body.messages);
      expect(text).toContain('Implement the key-value store with an append-only log that is replayed at start-up');
      expect(text).toContain('### FR1: Keep values');
      return reply.toolCall('assess_task', { taskId: '2', detected: false, confidence: 0.9, reasoning: 'There is no store yet.' });
    },
    reply.toolCall('write_file', { path: 'store.txt', content: 'a=1\n' }),
    reply.toolCall('update_todo', { id: '2', status: 'done', result: 'wrote store.txt' }),
    verdict('2'),
    verdict('task'),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-specs').click();

  // The list: the Kiro spec and the OpenSpec change (not its archive), each with its badge.
  await expect(page.getByTestId('spec-item')).toHaveCount(2);
  await expect(item(page, 'store').getByTestId('spec-source')).toHaveText('.kiro');
  await expect(item(page, 'add-rate-limits').getByTestId('spec-source')).toHaveText('OpenSpec');
  // Work of their own: 1, 2, 2.1, 2.2 and 3.
  await expect(item(page, 'store').getByTestId('spec-progress')).toHaveText('1/5');
  await item(page, 'store').click();
  await expect(page.getByTestId('spec-view')).toHaveAttribute('data-spec', 'store');

  // Task 2 holds 2.1 and 2.2 (optional), its title whole; Run all runs 2 and 3, not the optional ones.
  await expect(task(page, '2')).toContainText('Implement the key-value store with an append-only log that is replayed at start-up');
  await expect(task(page, '2.1')).toContainText('optional');
  await expect(page.getByTestId('spec-problems')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('optional-children-before.png') });

  await task(page, '2').getByTestId('spec-run-task').click();
  await expect(page.getByTestId('spec-toast').filter({ hasText: 'Spec store: session completed' })).toBeVisible({ timeout: 60_000 });
  await expect(task(page, '2')).toHaveAttribute('data-run', 'done');
  await expect(task(page, '2').getByTestId('spec-task-check')).toBeChecked();
  await expect(task(page, '2.1').getByTestId('spec-task-check')).not.toBeChecked();
  await expect(task(page, '2.2').getByTestId('spec-task-check')).not.toBeChecked();
  await expect(task(page, '3').getByTestId('spec-task-check')).not.toBeChecked();
  expect(readFileSync(join(repo, TASKS_PATH), 'utf8')).toBe(TASKS.replace('- [ ] 2. ', '- [x] 2. '));
  expect(readFileSync(join(repo, 'store.txt'), 'utf8')).toBe('a=1\n');
  await expect(item(page, 'store').getByTestId('spec-progress')).toHaveText('2/5');
  app.model.assertDone();
  await page.screenshot({ path: testInfo.outputPath('optional-children-done.png') });

  // Reopening task 2 by hand is the inverse of its tick: the file is as it was.
  await task(page, '2').getByTestId('spec-task-check').click();
  await expect(task(page, '2').getByTestId('spec-task-check')).not.toBeChecked();
  await expect.poll(() => readFileSync(join(repo, TASKS_PATH), 'utf8')).toBe(TASKS);

  // The OpenSpec change: its grouped tasks, no problem listed.
  await item(page, 'add-rate-limits').click();
  await expect(page.getByTestId('spec-view')).toHaveAttribute('data-spec', 'add-rate-limits');
  await expect(page.getByTestId('spec-task')).toHaveCount(3);
  await expect(task(page, '1.2')).toContainText('Answer 429 when over the limit');
  await expect(page.getByTestId('spec-problems')).toHaveCount(0);
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('openspec-change-1100.png') });
});
