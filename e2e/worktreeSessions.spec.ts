import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gitCli } from '../src/testing/gitCli';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { scriptedSessions, shootBoth } from './support/sessionsModel';

// Worktree sessions in the UI (issue 10) against `akira serve` and the scripted model server. A shared session
// (ALPHA) keeps running, its first model call held behind a gate. A worktree session (WORK) started from the
// form with "Run in its own worktree" asks nothing, runs beside it and completes in its own worktree: the
// user's files are untouched; its panel shows the diff against the base in Monaco; Merge (asked first) brings
// its files into the workspace and says the merge commit. A second one (SCRATCH), started through the busy
// question's "Run in a worktree", opens a terminal in its worktree and is discarded (asked first); the merged
// one is discarded too, and no akira/* branch is left. In a folder that is not a git repository the checkbox
// is off and says why.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const NAMES = ['ALPHA', 'WORK', 'SCRATCH', 'BRAVO'] as const;
type Name = (typeof NAMES)[number];
const TASK: Record<Name, string> = {
  ALPHA: 'ALPHA: tidy the README',
  WORK: 'WORK: add a greeting file and a README line',
  SCRATCH: 'SCRATCH: try an idea',
  BRAVO: 'BRAVO: unused',
};
const README = '# Demo project\n\nA fixture for Akira tests.\n';
const WRITES: Partial<Record<Name, { path: string; content: string }[]>> = {
  WORK: [
    { path: 'hello.txt', content: 'Hello from the worktree\n' },
    { path: 'README.md', content: `${README}\nWritten in a worktree.\n` },
  ],
  SCRATCH: [{ path: 'scratch.txt', content: 'an idea\n' }],
};
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxConcurrentTasks: 3 } } } };

/** The scripted model (support/sessionsModel.ts), with the sessions' files; ALPHA's first call waits until `release()`. */
const scriptedModel = (served: ServedWithModel, names: Name[]) => scriptedSessions(served, TASK, names, { writes: WRITES });

const row = (page: Page, name: Name) => page.getByTestId('session-row').filter({ hasText: TASK[name] });

async function start(page: Page, name: Name, worktree = false) {
  await page.getByTestId('start-task').fill(TASK[name]);
  const box = page.getByTestId('start-worktree');
  if ((await box.isChecked()) !== worktree) await box.setChecked(worktree);
  await page.getByTestId('start-submit').click();
}

const shoot = shootBoth;

const branches = (repo: string) =>
  gitCli(repo, 'branch', '--list', 'akira/*')
    .split('\n')
    .map((l) => l.replace(/^[*+ ]+/, '').trim())
    .filter(Boolean);

test('a worktree session runs beside a shared one without asking, leaves the files alone, shows its diff, merges; another is discarded', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: settings });
  const model = scriptedModel(app, ['ALPHA', 'WORK', 'SCRATCH']);

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  const box = page.getByTestId('start-worktree');
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await expect(page.getByTestId('start-worktree-label')).toHaveText('Run in its own worktree (branch akira/…)');

  // ALPHA in the workspace's own tree, held at its first model call.
  await start(page, 'ALPHA');
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect.poll(() => model.calls.length).toBe(1);
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', /planning|running/);
  await expect(row(page, 'ALPHA').getByTestId('session-tree')).toHaveCount(0); // the shared tree is not marked
  await expect(page.getByTestId('worktree-panel')).toHaveCount(0);

  // WORK in its own worktree: no busy question; it runs beside ALPHA and completes.
  await page.getByTestId('start-task').fill(TASK.WORK);
  await box.check();
  await shoot(page, testInfo, 'worktree-start-form', page.getByTestId('start-form'));
  await page.getByTestId('start-submit').click();
  await expect(row(page, 'WORK')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(page.getByTestId('busy-dialog')).toHaveCount(0);
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', /planning|running/);
  const workId = (await row(page, 'WORK').getAttribute('data-session-id'))!;
  const workBranch = `akira/${workId.slice(0, 8)}`;
  await expect(row(page, 'WORK').getByTestId('session-tree')).toHaveText(`⎇ worktree ${workBranch}`);
  await expect(box).toBeChecked(); // kept for the next one

  // The user's files are as they were.
  expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe(README);
  expect(existsSync(join(repo, 'hello.txt'))).toBe(false);

  // Its view: the tree's panel; Merge and Discard are on now that it has ended.
  await row(page, 'WORK').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  const panel = page.getByTestId('worktree-panel');
  await expect(panel).toHaveAttribute('data-state', 'active');
  await expect(panel.getByTestId('worktree-branch')).toHaveText(workBranch);
  await expect(panel.getByTestId('worktree-state')).toHaveText('from main; your files stay as they are until you merge it');
  await expect(panel.getByTestId('worktree-merge')).toHaveText('Merge into main');
  await expect(panel.getByTestId('worktree-merge')).toBeEnabled();
  await expect(panel.getByTestId('worktree-discard')).toBeEnabled();

  // Diff against base: the files with their status; README.md's before and after in Monaco.
  await panel.getByTestId('worktree-diff-toggle').click();
  const diff = page.getByTestId('worktree-diff');
  await expect(diff.getByTestId('worktree-diff-summary')).toHaveText('2 files changed against main');
  const files = diff.getByTestId('worktree-diff-file');
  await expect(files).toHaveCount(2);
  await expect(diff.locator('[data-testid="worktree-diff-file"][data-path="hello.txt"]')).toHaveAttribute('data-status', 'added');
  await diff.locator('[data-testid="worktree-diff-file"][data-path="README.md"]').click();
  await expect(diff.locator('[data-testid="worktree-diff-file"][data-path="README.md"]')).toHaveAttribute('aria-selected', 'true');
  await expect(diff.getByTestId('worktree-diff-path')).toHaveText('README.md');
  const viewer = diff.getByTestId('diff-viewer');
  await expect(viewer).toHaveAttribute('data-path', 'README.md');
  await expect(viewer.locator('.modified-in-monaco-diff-editor .view-lines')).toContainText('Written in a worktree.');
  await expect(viewer.locator('.original-in-monaco-diff-editor .view-lines')).toContainText('A fixture for Akira tests.');
  await shoot(page, testInfo, 'worktree-diff');

  // Merge: asked first; then the file is in the workspace and the panel says merged, with the commit.
  await panel.getByTestId('worktree-merge').click();
  const mergeDialog = page.getByTestId('worktree-merge-dialog');
  await expect(mergeDialog).toContainText(`Merge ${workBranch} into main?`);
  await mergeDialog.getByTestId('worktree-merge-dialog-confirm').click();
  const outcome = panel.getByTestId('merge-outcome');
  await expect(outcome).toHaveAttribute('data-merged', 'true');
  const head = gitCli(repo, 'rev-parse', 'HEAD').trim();
  await expect(outcome.getByTestId('merge-outcome-title')).toHaveText(`✓ Merged into main as commit ${head.slice(0, 7)}.`);
  await expect(panel).toHaveAttribute('data-state', 'merged');
  await expect(panel.getByTestId('worktree-state')).toHaveText(`merged into main as ${head.slice(0, 7)}`);
  await expect(row(page, 'WORK').getByTestId('session-tree')).toHaveText(`⎇ worktree ${workBranch} · merged`);
  expect(readFileSync(join(repo, 'hello.txt'), 'utf8')).toBe('Hello from the worktree\n');
  expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe(`${README}\nWritten in a worktree.\n`);
  expect(gitCli(repo, 'log', '-1', '--format=%s')).toContain(`Merge ${workBranch}`);
  // Not stale after the merge (issue 27 defect 10): nothing is left to merge, the diff is read again, and what is
  // left to do is Remove worktree (not the red Discard).
  await expect(panel.getByTestId('worktree-merge')).toBeDisabled();
  await expect(panel.getByTestId('worktree-merge')).toHaveAttribute('title', 'Merged into main: nothing is left to merge');
  await expect(diff).toBeHidden();
  await expect(panel.getByTestId('worktree-discard')).toHaveText('Remove worktree');
  await expect(panel.getByTestId('worktree-discard')).not.toHaveClass(/danger/);
  await shoot(page, testInfo, 'worktree-merged');

  // SCRATCH: started in the shared tree while ALPHA runs, the busy question offers the worktree: taken.
  await box.uncheck();
  await start(page, 'SCRATCH');
  const busy = page.getByTestId('busy-dialog');
  await expect(busy).toBeVisible();
  await expect(busy.getByTestId('busy-worktree')).toBeEnabled();
  await expect(busy.getByTestId('busy-worktree-text')).toContainText('Start now in its own git worktree and branch');
  await busy.getByTestId('busy-worktree').click();
  await expect(busy).toBeHidden();
  await expect(row(page, 'SCRATCH')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const scratchId = (await row(page, 'SCRATCH').getAttribute('data-session-id'))!;
  const scratchBranch = `akira/${scratchId.slice(0, 8)}`;
  await expect(row(page, 'SCRATCH').getByTestId('session-tree')).toHaveText(`⎇ worktree ${scratchBranch}`);
  expect(existsSync(join(repo, 'scratch.txt'))).toBe(false);
  expect(branches(repo).sort()).toEqual([scratchBranch, workBranch].sort());

  // Open a terminal there: a Terminal tab named after the branch, in front.
  await row(page, 'SCRATCH').click();
  await expect(panel.getByTestId('worktree-branch')).toHaveText(scratchBranch);
  const worktreePath = (await panel.locator('.worktree-panel-path').textContent())!;
  expect(existsSync(join(worktreePath, 'scratch.txt'))).toBe(true);
  await panel.getByTestId('worktree-terminal').click();
  const tab = page.getByTestId('terminal-tab').filter({ hasText: scratchBranch });
  await expect(tab).toHaveCount(1);
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  // Discard: asked first (Cancel keeps it); then worktree and branch are gone and the panel says so.
  await panel.getByTestId('worktree-discard').click();
  const discardDialog = page.getByTestId('worktree-discard-dialog');
  await expect(discardDialog).toContainText('Its work is lost unless merged');
  await expect(discardDialog.getByTestId('worktree-discard-dialog-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(discardDialog).toBeHidden();
  expect(branches(repo)).toContain(scratchBranch);
  await panel.getByTestId('worktree-discard').click();
  await discardDialog.getByTestId('worktree-discard-dialog-confirm').click();
  await expect(panel).toHaveAttribute('data-state', 'discarded');
  await expect(panel.getByTestId('worktree-state')).toHaveText('discarded: the worktree and its branch are gone');
  await expect(panel.getByTestId('worktree-merge')).toBeDisabled();
  await expect(panel.getByTestId('worktree-diff-toggle')).toBeDisabled();
  await expect(row(page, 'SCRATCH').getByTestId('session-tree')).toHaveText(`⎇ worktree ${scratchBranch} · discarded`);
  expect(branches(repo)).toEqual([workBranch]);
  expect(existsSync(worktreePath)).toBe(false);

  // The merged one is discarded too: no akira/* branch is left; its merge stays in main.
  await row(page, 'WORK').click();
  await panel.getByTestId('worktree-discard').click();
  await expect(discardDialog).toContainText(`Remove the worktree of ${workBranch}?`);
  await expect(discardDialog).toContainText('Nothing is lost: its work was merged into main.');
  await expect(discardDialog).not.toContainText('Its work is lost');
  await discardDialog.getByTestId('worktree-discard-dialog-confirm').click();
  await expect(panel).toHaveAttribute('data-state', 'discarded');
  expect(branches(repo)).toEqual([]);
  expect(readFileSync(join(repo, 'hello.txt'), 'utf8')).toBe('Hello from the worktree\n');

  // ALPHA ran beside them all along; released, it completes in the shared tree.
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', /planning|running/);
  model.release();
  await expect(row(page, 'ALPHA')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  app.model.assertDone();
});

test('Merge and Discard are off while a worktree session runs, and say why', async ({ page }) => {
  test.setTimeout(90_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: settings });
  // WORK's first call waits: it stays running while its view is looked at.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  app.model.enqueue(async () => {
    await gate;
    return plan([{ id: 'a', description: 'do it', expectedResult: 'done' }]);
  });
  app.model.enqueue(reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'done' }));
  app.model.enqueue(verdict('a', true, 'ok'));
  app.model.enqueue(verdict('task', true, 'ok'));

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await start(page, 'WORK', true);
  const panel = page.getByTestId('worktree-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', /planning|running/);
  await expect(panel.getByTestId('worktree-merge')).toBeDisabled();
  await expect(panel.getByTestId('worktree-discard')).toBeDisabled();
  await expect(panel.getByTestId('worktree-merge')).toHaveAttribute('title', /running/);
  await expect(panel.getByTestId('worktree-blocked')).toHaveText('Merge and Discard: The session is running: wait for it to end, or pause or stop it first.');
  await expect(panel.getByTestId('worktree-terminal')).toBeEnabled();
  release();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(panel.getByTestId('worktree-merge')).toBeEnabled();
  await expect(panel.getByTestId('worktree-blocked')).toHaveCount(0);
  app.model.assertDone();
});

test('the Specs view runs a task in a worktree: the tasks.md in your tree is left as it is', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const repo = makeFixtureRepo();
  const tasksPath = '.akira/specs/hello/tasks.md';
  const tasks = '# Implementation Plan\n\n- [ ] 1. Say hello\n  - A friendly greeting\n';
  writeFiles(repo, { [tasksPath]: tasks });
  gitCli(repo, 'add', tasksPath);
  gitCli(repo, 'commit', '-q', '-m', 'the spec');
  app = await serveWithModel(repo, { globalSettings: settings });
  app.model.enqueue(
    reply.toolCall('assess_task', { taskId: '1', detected: false, confidence: 0.2, reasoning: 'Nothing greets yet.' }),
    reply.toolCall('update_todo', { id: '1', status: 'done', result: 'greeted' }),
    verdict('1', true, 'ok'),
    verdict('task', true, 'ok'),
  );

  await page.goto(app.served.url);
  await page.getByTestId('view-specs').click();
  await expect(page.getByTestId('spec-view')).toHaveAttribute('data-spec', 'hello');
  const check = page.getByTestId('spec-worktree');
  await expect(check).toBeEnabled();
  await check.check();
  await shoot(page, testInfo, 'worktree-spec-run', page.getByTestId('spec-view').locator('header'));
  await page.locator('[data-testid="spec-task"][data-task-id="1"]').getByTestId('spec-run-task').click();
  await expect(page.getByTestId('spec-session')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await page.getByTestId('spec-view-session').click();
  await expect(page.getByTestId('worktree-panel')).toBeVisible();
  const specRow = page.getByTestId('session-row').first();
  await expect(specRow.getByTestId('session-tree')).toContainText('worktree akira/');
  expect(readFileSync(join(repo, tasksPath), 'utf8')).toBe(tasks); // ticked in the worktree only, until merged
  app.model.assertDone();
});

test('in a folder that is not a git repository the worktree is offered off, with the reason', async ({ page }, testInfo) => {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'akira-e2e-plain-')));
  writeFileSync(join(folder, 'notes.md'), '# Notes\n');
  app = await serveWithModel(folder, { globalSettings: settings });

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  const box = page.getByTestId('start-worktree');
  await expect(box).toBeDisabled();
  await expect(page.getByTestId('start-worktree-reason')).toHaveText(/^Not available: .*not a git repository/i);
  await expect(page.getByTestId('start-worktree-label')).toHaveAttribute('title', /not a git repository/i);
  await shoot(page, testInfo, 'worktree-start-form-unavailable', page.getByTestId('start-form'));
});

test('in Chinese: the worktree is off with its reason in Chinese, and the Settings view says a file problem in Chinese', async ({ page }, testInfo) => {
  // Issue 14: agent.isolation's reasonWords and settings.get's problemWords said in the UI's language.
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'akira-e2e-plain-zh-')));
  writeFiles(folder, { 'notes.md': '# Notes\n', '.akira/settings.json': JSON.stringify({ agent: { spec: { extra: true } } }) });
  app = await serveWithModel(folder, { globalSettings: { ...settings, ui: { language: 'zh-CN' } } });

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('start-worktree')).toBeDisabled();
  await expect(page.getByTestId('start-worktree-reason')).toHaveText('不可用：工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。');
  await shoot(page, testInfo, 'worktree-start-form-unavailable-zh', page.getByTestId('start-form'));

  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-problems')).toContainText(
    '.akira/settings.json：agent.spec.extra：agent.spec 没有设置 "extra"（可用的设置：skipConfidence, onFailure, assess）（修复之前不会使用）',
  );
});
