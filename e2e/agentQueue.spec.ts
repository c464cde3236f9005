import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { scriptedSessions, shootBoth } from './support/sessionsModel';

// The agent queue in the UI (issue 10) against `akira serve` and the scripted model server. The model's
// replies decide by the request (which session asks, and what: plan, work, verdict, final check), and the
// first session's first call waits behind a gate so that it keeps running. Starting a session while it runs
// asks: Queue it (Enter) waits and starts by itself when it ends; Run anyway runs beside it; Esc cancels. At
// maxConcurrentTasks 1 the sessions queue for a slot: their places, Move up, Cancel, and the start in order.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const NAMES = ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO', 'FOXTROT'] as const;
type Name = (typeof NAMES)[number];
const TASK: Record<Name, string> = {
  ALPHA: 'ALPHA: tidy the README',
  BRAVO: 'BRAVO: add a changelog',
  CHARLIE: 'CHARLIE: check the licence',
  DELTA: 'DELTA: rename the package',
  ECHO: 'ECHO: write the release notes',
  FOXTROT: 'FOXTROT: bump the version',
};
const settings = (maxConcurrentTasks: number) => ({
  agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxConcurrentTasks } } },
});

/** The scripted model (support/sessionsModel.ts): `sessions` sessions of 4 calls each; ALPHA's first call waits until `release()`. */
const scriptedModel = (served: ServedWithModel, sessions: number) => scriptedSessions(served, TASK, Array.from({ length: sessions }, () => 'ALPHA' as Name));

const row = (page: Page, name: Name) => page.getByTestId('session-row').filter({ hasText: TASK[name] });

async function start(page: Page, name: Name) {
  await page.getByTestId('start-task').fill(TASK[name]);
  await page.getByTestId('start-submit').click();
}

const shoot = shootBoth;

/** The bottom of the window (the status bar and its menu), at the default size and at 1100×700. */
async function shootBottom(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()!;
  const clip = (w: number, h: number) => ({ x: 0, y: h - 200, width: Math.min(w, 700), height: 200 });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), clip: clip(size.width, size.height) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`), clip: clip(1100, 700) });
  await page.setViewportSize(size);
}

test('a session started while another runs asks: Queue it waits and starts by itself, Run anyway runs beside it, Esc cancels', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: settings(3) });
  const model = scriptedModel(app, 3);

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await start(page, 'ALPHA');
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect.poll(() => model.calls.length).toBe(1); // ALPHA is planning behind the gate
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', /planning|running/);

  // BRAVO: the question names ALPHA; Esc cancels and starts nothing.
  await start(page, 'BRAVO');
  const dialog = page.getByTestId('busy-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Another session is running in this folder');
  await expect(dialog.getByTestId('busy-session')).toHaveText([`✦ ${TASK.ALPHA}`]);
  await expect(dialog.getByTestId('busy-what')).toHaveText(`If ${TASK.BRAVO} starts now, both work on the same files. What should it do?`);
  await expect(dialog.getByTestId('busy-queue')).toBeFocused();
  await expect(dialog.getByTestId('busy-worktree')).toBeEnabled(); // a git repository with a commit (e2e/worktreeSessions.spec.ts takes it)
  await shoot(page, testInfo, 'queue-busy-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByTestId('start-task')).toHaveValue(TASK.BRAVO); // the task is kept for another try

  // Again: Enter queues it (the safe default). BRAVO opens, queued, and says why.
  await page.getByTestId('start-submit').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'queued');
  await expect(page.getByTestId('session-status')).toHaveText('Queued · #1');
  const panel = page.getByTestId('queue-panel');
  await expect(panel.getByTestId('queue-panel-reason')).toHaveText('Waiting for the session running in this folder to end. It starts by itself.');
  await expect(row(page, 'BRAVO')).toHaveAttribute('data-status', 'queued');
  await expect(row(page, 'BRAVO').getByTestId('session-row-status')).toHaveText('Queued · #1');
  await expect(row(page, 'BRAVO').getByTestId('session-row-status')).toHaveAttribute('title', /Waiting for the session running in this folder to end/);
  const status = page.getByTestId('status-agent');
  await expect(status).toHaveAttribute('data-status', 'queued');
  await expect(status).toContainText('Queued · #1');
  await expect(status).toHaveAttribute('title', /Waiting for the session running in this folder to end/);

  // CHARLIE: Run anyway runs it beside ALPHA (which still waits for its model) to the end.
  await start(page, 'CHARLIE');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('busy-session')).toHaveText([`✦ ${TASK.ALPHA}`]); // BRAVO waits: it is not running
  await dialog.getByTestId('busy-parallel').click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'CHARLIE')).toHaveAttribute('data-status', 'completed');
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', /planning|running/);
  await expect(row(page, 'BRAVO')).toHaveAttribute('data-status', 'queued');
  expect(model.started()).toEqual(['ALPHA', 'CHARLIE']);

  // ALPHA's model answers: it completes, then BRAVO starts by itself and completes; the views follow the events.
  await row(page, 'BRAVO').click();
  await expect(page.getByTestId('queue-panel')).toBeVisible();
  model.release();
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('queue-panel')).toBeHidden();
  await expect(row(page, 'BRAVO')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  await expect(status).toContainText('Completed');
  expect(model.started()).toEqual(['ALPHA', 'CHARLIE', 'BRAVO']);
  // BRAVO's first call came after ALPHA's last.
  expect(model.calls.indexOf('BRAVO')).toBeGreaterThan(model.calls.lastIndexOf('ALPHA'));
  app.model.assertDone();
});

test('at maxConcurrentTasks 1 sessions queue for a slot: places, Move up, Cancel, and they start in order', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: settings(1) });
  const model = scriptedModel(app, 3); // ALPHA, ECHO, FOXTROT (DELTA is cancelled before it starts)

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await start(page, 'ALPHA');
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect.poll(() => model.calls.length).toBe(1);

  // DELTA (Queue it), ECHO (Run anyway: still no free slot) and FOXTROT (Queue it) wait, in that order.
  const dialog = page.getByTestId('busy-dialog');
  for (const [name, choice] of [
    ['DELTA', 'busy-queue'],
    ['ECHO', 'busy-parallel'],
    ['FOXTROT', 'busy-queue'],
  ] as const) {
    await start(page, name);
    await dialog.getByTestId(choice).click();
    await expect(row(page, name)).toHaveAttribute('data-status', 'queued');
  }
  await expect(row(page, 'DELTA').getByTestId('session-row-status')).toHaveText('Queued · #1');
  await expect(row(page, 'ECHO').getByTestId('session-row-status')).toHaveText('Queued · #2');
  await expect(row(page, 'FOXTROT').getByTestId('session-row-status')).toHaveText('Queued · #3');

  // ECHO's view: why it waits; Move up from the keyboard makes it next.
  await row(page, 'ECHO').click();
  const panel = page.getByTestId('queue-panel');
  await expect(panel.getByTestId('queue-panel-title')).toHaveText('Queued · #2 of 3 — this session waits');
  await expect(panel.getByTestId('queue-panel-reason')).toHaveText(
    'Waiting for a free slot: 1 session runs, at most 1 at once (policy limits.maxConcurrentTasks). It starts by itself.',
  );
  await shoot(page, testInfo, 'queue-session-view');
  await panel.getByTestId('queue-move-up').focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('queue-panel-title')).toHaveText('Queued · #1 of 3 — this session waits');
  await expect(panel.getByTestId('queue-move-up')).toHaveAttribute('aria-disabled', 'true');
  await expect(panel.getByTestId('queue-move-up')).toBeFocused(); // the focus stays where it was
  await expect(row(page, 'ECHO').getByTestId('session-row-status')).toHaveText('Queued · #1');
  await expect(row(page, 'DELTA').getByTestId('session-row-status')).toHaveText('Queued · #2');
  await expect(page.getByTestId('status-agent')).toContainText('Queued · #1');
  await shoot(page, testInfo, 'queue-session-list', page.getByTestId('sessions-panel'));
  // The status bar: the queued session's place, and its menu (Cancel instead of Stop; no Pause or Resume).
  await expect(page.getByTestId('status-agent')).toHaveText('✦ Queued · #1');
  await page.getByTestId('status-agent').click();
  await expect(page.getByTestId('status-menu-cancel-queued')).toHaveText('Cancel (leave the queue)');
  await expect(page.getByTestId('status-menu-pause')).toBeDisabled();
  await expect(page.getByTestId('status-menu-resume')).toBeDisabled();
  await shootBottom(page, testInfo, 'queue-status-bar');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('status-menu')).toHaveCount(0);

  // DELTA's view: Cancel takes it out of the queue (stopped); FOXTROT moves up to #2.
  await row(page, 'DELTA').click();
  await expect(panel.getByTestId('queue-panel-title')).toHaveText('Queued · #2 of 3 — this session waits');
  await panel.getByTestId('queue-cancel').click();
  await expect(row(page, 'DELTA')).toHaveAttribute('data-status', 'stopped');
  await expect(panel).toBeHidden();
  await expect(row(page, 'FOXTROT').getByTestId('session-row-status')).toHaveText('Queued · #2');

  // ALPHA's model answers: ALPHA completes, then ECHO, then FOXTROT, one at a time.
  await row(page, 'FOXTROT').click();
  await expect(panel).toBeVisible();
  model.release();
  for (const name of ['ALPHA', 'ECHO', 'FOXTROT'] as const) await expect(row(page, name)).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  expect(model.started()).toEqual(['ALPHA', 'ECHO', 'FOXTROT']);
  // One at a time: each session's calls all come before the next one's.
  expect(model.calls).toEqual([...Array(4).fill('ALPHA'), ...Array(4).fill('ECHO'), ...Array(4).fill('FOXTROT')]);
  app.model.assertDone();
});

test('the Specs view asks too: a queued spec run shows its tasks as queued until it is cancelled', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, { '.akira/specs/hello/tasks.md': '# Implementation Plan\n\n- [ ] 1. Say hello\n\n- [ ] 2. Say goodbye\n' });
  app = await serveWithModel(repo, { globalSettings: settings(3) });
  const model = scriptedModel(app, 1); // ALPHA only: the spec session never starts

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await start(page, 'ALPHA');
  await expect.poll(() => model.calls.length).toBe(1);

  await page.getByTestId('view-specs').click();
  const task = (id: string) => page.locator(`[data-testid="spec-task"][data-task-id="${id}"]`);
  await task('2').getByTestId('spec-run-from').click();
  const dialog = page.getByTestId('busy-dialog');
  await expect(dialog.getByTestId('busy-what')).toHaveText('If Spec hello: from task 2 starts now, both work on the same files. What should it do?');
  await dialog.getByTestId('busy-queue').click();
  const line = page.getByTestId('spec-session');
  await expect(line).toHaveAttribute('data-status', 'queued');
  await expect(line).toContainText('Queued · #1');
  await expect(line).toContainText('Waiting for the session running in this folder to end.');
  await expect(task('2')).toHaveAttribute('data-run', 'queued');
  await expect(task('2').getByTestId('spec-task-run')).toHaveAttribute('title', 'The session waits in the agent queue; it starts by itself.');
  await expect(page.getByTestId('spec-run-all')).toBeDisabled();
  await expect(page.getByTestId('spec-run-all')).toHaveAttribute('title', /waits in the queue/);
  await page.screenshot({ path: testInfo.outputPath('queue-spec-run.png') });

  // Its view: Cancel. The tasks are open again; ALPHA goes on to the end.
  await line.getByTestId('spec-view-session').click();
  await page.getByTestId('queue-panel').getByTestId('queue-cancel').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'stopped');
  await page.getByTestId('view-specs').click();
  await expect(line).toHaveAttribute('data-status', 'stopped');
  await expect(task('2')).toHaveAttribute('data-run', '');
  model.release();
  await page.getByTestId('view-agent').click();
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', 'completed');
  app.model.assertDone();
});
