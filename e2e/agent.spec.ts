import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gitCli } from '../src/testing/gitCli';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { fixAndNoteSession, greetSession, plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The agent in the app: start a task from the UI, approve (and edit) the plan on the board, watch the
// activity (model text, tools, the command in a terminal card and its Terminal tab, the reviewer's
// verdicts), answer a failed TODO's question, pause/resume/stop, and reach "Completed" in the status bar; the
// session's bookkeeping under .akira/ stays out of `git status`.
// The model is the repo's scripted OpenAI-compatible server.

let app: ServedWithModel | null = null;
let repo: string;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const read = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : null);
const card = (page: Page, todoId: string) => page.locator(`[data-testid="todo-card"][data-todo-id="${todoId}"]`);

async function startTask(page: Page, task: string) {
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill(task);
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
}

test('start a task, approve the edited plan, watch the command and the retried TODO, reach completed, git status clean of .akira/', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo, {
    globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: true, command: true } } } },
  });
  app.model.enqueue(
    ...greetSession({
      // The plan as the person edited it is what the reviewer checks against.
      onReviewT2: (req) => expect(JSON.stringify(req.body.messages)).toContain('cat greet.txt prints hello world'),
    }),
  );
  await page.goto(app.served.url);
  await startTask(page, 'Greet the world');

  // The plan waits on the board: edit the second TODO, then approve.
  const approval = page.getByTestId('plan-approval');
  await expect(approval).toBeVisible();
  await expect(approval.getByTestId('plan-row')).toHaveCount(2);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'awaiting_plan_approval');
  await expect(page.getByTestId('agent-badge')).toHaveText('1');
  await approval.getByTestId('plan-expected').nth(1).fill('cat greet.txt prints hello world');
  await expect(approval.getByTestId('plan-approve')).toHaveText('Approve edited plan');
  await page.screenshot({ path: testInfo.outputPath('plan.png') });
  await approval.getByTestId('plan-approve').click();

  // The activity: the model's text, tools, the change cards, the reviewer's rejection and the retry.
  const activity = page.getByTestId('activity');
  await expect(activity.getByTestId('agent-text').first()).toContainText('Writing greet.txt first.');
  await expect(activity.getByTestId('card-verification').filter({ hasText: 'rejected' })).toContainText('not "hello world"');
  await expect(activity.getByTestId('card-verification').filter({ hasText: 'rejected' })).toContainText('85% confident');

  // The command runs in a terminal card and in its own Terminal tab.
  const terminalCard = activity.getByTestId('card-terminal');
  await expect(terminalCard.getByTestId('terminal-command')).toHaveText('$ cat greet.txt');
  await expect(terminalCard.getByTestId('terminal-exit')).toHaveText('exit 0');
  await expect(terminalCard.getByTestId('terminal-output')).toContainText('hello world');
  const tab = page.getByTestId('terminal-tab').filter({ hasText: 'cat greet.txt' });
  await expect(tab).toHaveCount(1);
  await page.getByTestId('terminal-tab').first().click(); // away from it, then back through the card's link
  await terminalCard.getByTestId('open-terminal').click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  // Completed: in the header, the status bar, the board; the file is right.
  await expect(page.getByTestId('status-agent')).toContainText('Completed');
  await expect(page.getByTestId('status-agent')).toContainText('2/2');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  await expect(activity.getByTestId('card-end-completed')).toBeVisible();
  expect(read('greet.txt')).toBe('hello world\n');
  app.model.assertDone();

  // Akira wrote its sessions and checkpoints under .akira/, and git lists only the project's file (issue 13).
  expect(readdirSync(join(repo, '.akira'))).toEqual(expect.arrayContaining(['sessions', 'checkpoints']));
  expect(gitCli(repo, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean)).toEqual(['?? greet.txt']);

  const t1 = card(page, 't1');
  await expect(page.getByTestId('column-done').getByTestId('todo-card')).toHaveCount(2);
  await expect(t1.getByTestId('todo-claimed')).toContainText('fixed the greeting');
  await expect(t1.getByTestId('todo-verdict')).toContainText('Approved · 95% confident');
  await expect(t1).toContainText('↺ 1');
  await expect(t1.getByTestId('todo-tokens')).toContainText('tokens');
  await t1.getByTestId('todo-tools-toggle').click();
  await expect(t1.getByTestId('todo-tools')).toContainText('edit_file');
  await expect(card(page, 't2')).toContainText('cat greet.txt prints hello world');

  await page.getByTestId('board').screenshot({ path: testInfo.outputPath('board.png') });
  await activity.screenshot({ path: testInfo.outputPath('activity.png') });
  await page.screenshot({ path: testInfo.outputPath('session.png') });

  // The session is listed and can be reopened.
  await page.getByTestId('session-view').getByLabel('Close the session view').click();
  await expect(page.getByTestId('status-agent')).toHaveCount(0);
  const row = page.getByTestId('session-row').filter({ hasText: 'Greet the world' });
  await expect(row).toHaveAttribute('data-status', 'completed');
  await row.click();
  await expect(page.getByTestId('status-agent')).toContainText('Completed');
  await expect(card(page, 't1').getByTestId('todo-verdict')).toContainText('Approved');
});

test('a failed TODO asks what next: the error card names the tool and its Skip answers; messages and controls', async ({ page }) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo, {
    globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: true, command: true }, limits: { maxRetriesPerTodo: 0 } } } },
  });
  app.model.enqueue(...fixAndNoteSession((req) => expect(JSON.stringify(req.body.messages)).toContain('Prefer small commits.')));
  await page.goto(app.served.url);
  await startTask(page, 'Fix and note');
  await expect(page.getByTestId('plan-approval')).toBeVisible();

  // A message while the plan waits: it reaches the next model call.
  await page.getByTestId('message-input').fill('Prefer small commits.');
  await page.getByTestId('message-input').press('Enter');
  await expect(page.getByTestId('activity').getByTestId('card-user')).toContainText('Prefer small commits.');

  // Pause and resume while the plan waits.
  await page.getByTestId('session-pause').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'paused');
  await page.getByTestId('session-resume').click();
  await expect(page.getByTestId('plan-approval')).toBeVisible();
  await page.getByTestId('plan-approve').click();

  // TODO a fails at the retry limit: the error card says what failed and in which tool, and asks.
  const error = page.getByTestId('activity').getByTestId('card-error');
  await expect(error).toContainText('TODO #a failed');
  await expect(error).toContainText('read_file');
  await expect(error).toContainText('No such file: missing.js');
  await expect(card(page, 'a')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('column-failed').getByTestId('todo-card')).toHaveCount(1);
  await error.getByTestId('answer-skip').click();
  await expect(error).toContainText('you chose skip');
  await expect(page.getByTestId('status-agent')).toContainText('Completed');
  await expect(card(page, 'a')).toHaveAttribute('data-status', 'skipped');
  expect(read('notes.md')).toBe('# notes\n');
  app.model.assertDone();
});

test('stop ends a session that waits for its plan; a bad task is refused with the reason', async ({ page }) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true } } } });
  app.model.enqueue(plan([{ id: 'a', description: 'Do it', expectedResult: 'done' }]));
  await page.goto(app.served.url);
  await startTask(page, 'Something to stop');
  await expect(page.getByTestId('plan-approval')).toBeVisible();
  await page.getByTestId('session-stop').click();
  await page.getByTestId('session-stop-confirm').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'stopped');
  // A stopped session takes a follow-up (issue 25): its message box stays open.
  await expect(page.getByTestId('message-input')).toBeEnabled();
  await expect(page.getByTestId('activity').getByTestId('card-end-stopped')).toBeVisible();

  // A model name that is too long is refused by the core; the form says why.
  await page.getByTestId('start-task').fill('Another task');
  await page.getByTestId('start-model').fill('m'.repeat(300));
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('start-error')).toContainText('at most 200 characters');
});
