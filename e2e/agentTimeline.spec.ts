import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FrameClient } from '../src/testing/wsClient';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { ALPHA_BETA_TODOS, plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The agent's checkpoints in the Timeline: grouped under their session and TODO; restoring one with
// "Both" pauses the running session, puts the files back and rewinds the session to that point, which
// then resumes from there to the end. The model is the repo's scripted OpenAI-compatible server.

let app: ServedWithModel | null = null;
let ws: FrameClient | null = null;
let repo: string;

test.afterEach(async () => {
  await ws?.close();
  ws = null;
  await app?.stop();
  app = null;
});

const read = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : null);
const rowLabelled = (page: Page, label: string) => page.getByTestId('checkpoint-row').filter({ hasText: label });

async function call(method: string, params: unknown) {
  const answer = await ws!.request(method, params);
  if (answer.error) throw new Error(`${method}: ${answer.error.code}: ${answer.error.message}`);
  return answer.result;
}

test('agent checkpoints under their TODOs; restore one with "Both" while the session runs; it rewinds and resumes', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  let held = false;
  app.model.enqueue(
    plan(ALPHA_BETA_TODOS),
    reply.toolCall('write_file', { path: 'alpha.txt', content: 'alpha\n' }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote alpha.txt' }),
    verdict('t1'),
    reply.toolCall('write_file', { path: 'beta.txt', content: 'beta\n' }),
    () => {
      held = true; // t2's next turn: the model "thinks" until the session is paused
      return reply.hang();
    },
  );
  ws = await FrameClient.connect(`${app.served.origin.replace('http', 'ws')}/ws?token=${app.served.token}`, { origin: app.served.origin });
  await page.goto(app.served.url);

  // Start the session from the agent view.
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Write alpha.txt and beta.txt');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect.poll(() => held, { timeout: 20_000 }).toBe(true);
  expect(read('alpha.txt')).toBe('alpha\n');
  expect(read('beta.txt')).toBe('beta\n');
  const { sessions } = await call('agent.list', {});
  const sessionId: string = sessions[0].sessionId;
  expect((await call('agent.get', { sessionId })).status).toBe('running');

  // The Timeline: the agent's checkpoints under their session, by TODO.
  await page.getByTestId('view-timeline').click();
  await expect(rowLabelled(page, 'TODO t2: beta.txt')).toHaveCount(1);
  const groups = page.getByTestId('agent-group');
  await expect(groups).toHaveCount(1);
  await expect(groups).toContainText('Session: Write alpha.txt and beta.txt');
  await expect(groups.locator('.tl-group-count')).toHaveText('5');
  const todos = page.getByTestId('agent-group-todo');
  await expect(todos).toHaveCount(3);
  await expect(todos.nth(0)).toHaveAttribute('data-todo-id', 't2');
  await expect(todos.nth(0)).toContainText('TODO t2 Create beta.txt saying beta');
  await expect(todos.nth(1)).toContainText('TODO t1 Create alpha.txt saying alpha');
  await expect(todos.nth(2)).toContainText('start of the session');
  for (const g of [0, 1]) await expect(todos.nth(g).locator('.tl-group-count')).toHaveText('2'); // the TODO's start and its write
  await expect(page.getByTestId('checkpoint-row').and(page.locator('[data-origin="agent"]'))).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('timeline.png') });

  // The group collapses and opens again.
  await groups.click();
  await expect(rowLabelled(page, 'TODO t2: beta.txt')).toHaveCount(0);
  await expect(todos).toHaveCount(0);
  await groups.click();
  await expect(rowLabelled(page, 'TODO t2: beta.txt')).toHaveCount(1);

  // Restore t1's first checkpoint that wrote a file, with "Both": the running session is paused first.
  const target = rowLabelled(page, 'TODO t1: alpha.txt');
  const checkpointId = (await target.getAttribute('data-checkpoint-id'))!;
  await target.hover();
  await target.getByTestId('checkpoint-restore').click();
  const dialog = page.getByTestId('restore-dialog');
  await expect(dialog).toContainText('Restore an agent checkpoint');
  await expect(dialog.getByTestId('restore-modes')).toContainText('running');
  await dialog.getByTestId('restore-mode-both').check();
  await expect(dialog.getByTestId('restore-pause-note')).toContainText('paused first');
  await expect(dialog.locator('[data-testid="restore-file"][data-path="beta.txt"]')).toHaveAttribute('data-action', 'delete');
  await expect(dialog.getByTestId('restore-confirm')).toHaveText('Restore 1 file and rewind');
  await page.screenshot({ path: testInfo.outputPath('restore-dialog.png') });
  await dialog.getByTestId('restore-confirm').click();
  await expect(page.getByTestId('restore-toast')).toContainText('Restored the workspace (1 deleted) and rewound the session');
  await expect(page.getByTestId('restore-toast')).toContainText('paused it first');
  await expect(dialog).toHaveCount(0);

  // Files and board are back at that checkpoint; the session is paused there.
  expect(read('alpha.txt')).toBe('alpha\n');
  expect(read('beta.txt')).toBeNull();
  const rewound = await call('agent.get', { sessionId });
  expect(rewound.status).toBe('paused');
  expect(rewound.statusReason).toContain('Rewound to checkpoint “TODO t1: alpha.txt”');
  expect(rewound.todos.map((t: { id: string; status: string }) => `${t.id}:${t.status}`)).toEqual(['t1:in_progress', 't2:pending']);
  await expect(page.getByTestId('agent-group').first().locator('.tl-group-status')).toHaveText('paused');
  const rollbacks = readFileSync(join(repo, '.akira/sessions', sessionId, 'rollbacks.md'), 'utf8');
  expect(rollbacks).toContain(`restored \`${checkpointId}\` · mode both`);
  expect(rollbacks).toContain('The files were restored to that checkpoint as well.');
  await testInfo.attach('timeline after restore', { body: await page.screenshot(), contentType: 'image/png' });

  // It resumes from there (t1 in progress) and finishes.
  app.model.enqueue(
    (req) => {
      expect(JSON.stringify(req.body.messages)).toContain('CURRENT TODO t1 (in progress)');
      return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote alpha.txt' });
    },
    verdict('t1'),
    reply.toolCall('write_file', { path: 'beta.txt', content: 'beta again\n' }),
    reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'wrote beta.txt' }),
    verdict('t2'),
    verdict('task'),
  );
  await call('agent.resume', { sessionId });
  await expect.poll(async () => (await call('agent.get', { sessionId })).status, { timeout: 20_000 }).toBe('completed');
  expect(read('beta.txt')).toBe('beta again\n');
  expect(app.model.errors).toEqual([]);

  // Fork a new session from t2's start: the agent view opens on it, paused, with t1 done and t2 started.
  await page.getByTestId('view-timeline').click();
  const t2Start = rowLabelled(page, 'start of TODO t2').first();
  await t2Start.click();
  await page.getByTestId('checkpoint-detail').getByTestId('checkpoint-fork').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect(page.getByTestId('restore-toast')).toContainText('Forked a new session');
  const after = (await call('agent.list', {})).sessions as { sessionId: string; status: string }[];
  expect(after).toHaveLength(2);
  const fork = after.find((s) => s.sessionId !== sessionId)!;
  expect(fork.status).toBe('paused');
  expect((await call('agent.get', { sessionId: fork.sessionId })).todos.map((t: { status: string }) => t.status)).toEqual(['done', 'in_progress']);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'paused');
  expect(read('beta.txt')).toBe('beta again\n'); // files untouched
});
