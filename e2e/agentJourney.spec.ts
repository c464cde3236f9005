import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply, type RecordedRequest } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The whole journey of issue 5 in one session, through the UI only (the model is the repo's scripted
// OpenAI-compatible server): start a task; see the plan on the board; approve it; review the proposed
// changes (edit one line, reject one hunk, accept the rest); watch a command run in a terminal card; see
// the reviewer reject a TODO and the retry pass; reach "complete"; open the Timeline and restore the
// first TODO's checkpoint with "Both"; files and board are rewound.

let app: ServedWithModel | null = null;
let repo: string;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const CONFIG = ['name = demo', 'port = 8080', 'host = localhost', 'debug = false', 'timeout = 30', 'retries = 3', 'color = blue', 'size = medium', 'level = info', 'owner = ops', ''].join('\n');
const read = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : null);
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const card = (page: Page, todoId: string) => page.locator(`[data-testid="todo-card"][data-todo-id="${todoId}"]`);

test('the agent journey: plan, review per hunk, terminal card, rejected and retried TODO, complete, rewind with "Both"', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  repo = makeFixtureRepo();
  let notesWhenDone: string | null = null;
  writeFileSync(join(repo, 'config.txt'), CONFIG);
  app = await serveWithModel(repo, {
    // Writes wait for review; commands run without asking; the plan waits for approval.
    globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: false, command: true } } } },
  });
  app.model.enqueue(
    plan([
      { id: 't1', description: 'Tune config.txt and document it in notes.md', expectedResult: 'config.txt tuned; notes.md names the port' },
      { id: 't2', description: 'Show the final config', expectedResult: 'the config is printed' },
    ]),
    reply.message({
      text: 'I will tune the config and write the notes.',
      toolCalls: [
        {
          name: 'edit_file',
          arguments: {
            path: 'config.txt',
            edits: [
              { search: 'port = 8080', replace: 'port = 9090' },
              { search: 'retries = 3', replace: 'retries = 5' },
              { search: 'owner = ops', replace: 'owner = dev' },
            ],
          },
        },
        { name: 'write_file', arguments: { path: 'notes.md', content: '# Notes\n' } },
      ],
    }),
    (req) => {
      // The person's edit is what the model is told about.
      expect(sent(req)).toContain('The user EDITED your change');
      notesWhenDone = read('notes.md'); // the whole batch is applied before the model hears of it
      return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'config tuned, notes written' });
    },
    verdict('t1', false, 'notes.md does not name the port', 0.8),
    (req) => {
      expect(sent(req)).toContain('notes.md does not name the port');
      return reply.toolCall('run_command', { command: "echo 'Port: 9191' >> notes.md && cat notes.md" });
    },
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'notes.md names the port' }),
    verdict('t1', true, 'notes.md names port 9191', 0.95),
    reply.toolCall('run_command', { command: 'cat config.txt' }),
    reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'printed the config' }),
    verdict('t2', true, 'the output shows the config'),
    verdict('task', true, 'all done', 0.97),
  );

  // Start the task from the UI.
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Tune the config and document the port');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();

  // The plan on the board; approve it.
  const approval = page.getByTestId('plan-approval');
  await expect(approval.getByTestId('plan-row')).toHaveCount(2);
  await approval.getByTestId('plan-approve').click();

  // The two proposed changes wait together in the Review view.
  await expect(page.getByTestId('review-badge')).toHaveText('2');
  await page.getByTestId('view-review').click();
  const item = (path: string) => page.locator(`[data-testid="review-item"][data-path="${path}"]`);
  await expect(item('config.txt')).toBeVisible();
  await expect(item('notes.md')).toBeVisible();
  await item('config.txt').click();
  await expect(page.getByTestId('review-diff-host')).toHaveAttribute('data-diff-ready', /.+/);
  const hunks = page.getByTestId('review-hunk');
  await expect(hunks).toHaveCount(3);
  // Reject the second hunk (retries), edit the port line on the right side.
  await hunks.nth(1).getByTestId('review-hunk-reject').click();
  await expect(hunks.nth(1)).toHaveAttribute('data-state', 'rejected');
  await page.locator('[data-testid="review-diff"] .editor.modified .view-line').filter({ hasText: 'port = 9090' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('port = 9191');
  await page.keyboard.press('Escape');
  await expect(hunks.nth(0)).toContainText('port = 9191');
  await page.screenshot({ path: testInfo.outputPath('review.png') });
  // Accept the rest: this file as edited, and the new notes.md.
  await page.getByTestId('review-accept-all').click();
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await expect(page.getByTestId('review-toast')).toHaveCount(0); // nothing waits: no toast says otherwise
  await expect.poll(() => read('config.txt')).toBe(CONFIG.replace('port = 8080', 'port = 9191').replace('owner = ops', 'owner = dev'));
  await expect.poll(() => notesWhenDone).toBe('# Notes\n');

  // Back to the session: the reviewer rejects t1, the retry runs a command in a terminal card and passes.
  await page.getByTestId('view-agent').click();
  const activity = page.getByTestId('activity');
  await expect(activity.getByTestId('card-verification').filter({ hasText: 'rejected' })).toContainText('notes.md does not name the port');
  const terminalCards = activity.getByTestId('card-terminal');
  await expect(terminalCards.first().getByTestId('terminal-output')).toContainText('Port: 9191');
  await expect(terminalCards.first().getByTestId('terminal-exit')).toHaveText('exit 0');
  await expect(page.getByTestId('terminal-tab').filter({ hasText: 'cat config.txt' })).toHaveCount(1);

  // Complete.
  await expect(page.getByTestId('status-agent')).toContainText('Completed');
  await expect(page.getByTestId('column-done').getByTestId('todo-card')).toHaveCount(2);
  await expect(card(page, 't1')).toContainText('↺ 1');
  await expect(card(page, 't1').getByTestId('todo-verdict')).toContainText('Approved · 95% confident');
  expect(read('notes.md')).toBe('# Notes\nPort: 9191\n');
  app.model.assertDone();
  await page.getByTestId('board').screenshot({ path: testInfo.outputPath('board.png') });

  // The Timeline: restore t1's first checkpoint (its start) with "Both".
  await page.getByTestId('view-timeline').click();
  const start = page.getByTestId('checkpoint-row').filter({ hasText: 'start of TODO t1' });
  await expect(start).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('timeline.png') });
  await start.hover();
  await start.getByTestId('checkpoint-restore').click();
  const dialog = page.getByTestId('restore-dialog');
  await dialog.getByTestId('restore-mode-both').check();
  await dialog.getByTestId('restore-confirm').click();
  await expect(page.getByTestId('restore-toast')).toContainText('rewound the session');

  // Files are back as they were when t1 started; the board is back too.
  expect(read('config.txt')).toBe(CONFIG);
  expect(read('notes.md')).toBeNull();
  await page.getByTestId('view-agent').click();
  await expect(card(page, 't1')).toHaveAttribute('data-status', 'in_progress');
  await expect(card(page, 't2')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'paused');
});
