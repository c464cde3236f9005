import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { ALPHA_BETA_TODOS, alphaBetaSession, plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';
import { shootBoth } from './support/sessionsModel';

// Issue 14, defect 4: after a rewind the session list said "Paused 2/2" while the header said 0/2, the activity
// still ended with "Session completed" with nothing marking what was rewound, the banner named the checkpoint by its
// internal id, and the dialog said the restore "can be undone" while the banner had no Undo; after Stop, tool cards
// still said "running…" and "Review the change" buttons remained.

let app: ServedWithModel | null = null;
let repo: string;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const read = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : null);
const rowStatus = (page: Page) => page.getByTestId('session-row').first();
const activity = (page: Page) => page.getByTestId('activity');

async function start(page: Page, task: string) {
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill(task);
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
}

test('after a rewind: list and header agree, the activity marks what was rewound, the banner names the checkpoint, Undo undoes it', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  app.model.enqueue(...alphaBetaSession());
  await page.goto(app.served.url);
  await start(page, 'Write alpha.txt and beta.txt');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(rowStatus(page)).toContainText('2/2');

  // Restore t1's write with "Both": the dialog says it can be undone; the banner offers exactly that.
  await page.getByTestId('view-timeline').click();
  const target = page.locator('[data-testid="checkpoint-row"][data-origin="agent"]').filter({ hasText: 'TODO t1: alpha.txt' });
  const checkpointId = (await target.getAttribute('data-checkpoint-id'))!;
  const openDialog = async () => {
    await target.hover();
    await target.getByTestId('checkpoint-restore').click();
    return page.getByTestId('restore-dialog');
  };
  const dialog = await openDialog();
  await expect(dialog).toContainText(/can be undone|Undo in the banner/);
  await dialog.getByTestId('restore-mode-both').check();
  await dialog.getByTestId('restore-confirm').click();
  await expect(page.getByTestId('restore-toast')).toContainText('rewound the session to #3 “TODO t1: alpha.txt”');
  await expect(page.getByTestId('undo-restore')).toBeVisible();
  expect(read('beta.txt')).toBeNull();

  // The list and the header agree on the progress.
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'paused');
  await expect(page.getByTestId('session-progress')).toHaveText('0/2');
  await expect(rowStatus(page)).toContainText('Paused');
  await expect(rowStatus(page)).toContainText('0/2');

  // The banner names the checkpoint by its label, not its id.
  await expect(page.getByTestId('session-reason')).toContainText('Rewound to checkpoint “TODO t1: alpha.txt”');
  await expect(page.getByTestId('session-reason')).not.toContainText(checkpointId);

  // The activity: what the rewind went back over is folded under its card (the completion among it), shown greyed on demand.
  const rewind = activity(page).getByTestId('card-rewind');
  await expect(rewind).toContainText('Rewound to checkpoint #3 “TODO t1: alpha.txt”');
  await expect(activity(page).getByTestId('card-end-completed')).toHaveCount(0);
  await shootBoth(page, testInfo, 'rewound-activity');
  await rewind.getByTestId('toggle-rewound').click();
  await expect(activity(page).getByTestId('rewound-card').filter({ has: page.getByTestId('card-end-completed') })).toHaveCount(1);
  await shootBoth(page, testInfo, 'rewound-activity-shown');
  await rewind.getByTestId('toggle-rewound').click();
  await expect(activity(page).getByTestId('card-end-completed')).toHaveCount(0);

  // Undo: the files and the session are back as they were; the activity says so.
  await page.getByTestId('undo-restore').click();
  await expect(page.getByTestId('restore-toast')).toContainText('Restore undone: the session is back where it was before the rewind and the files are as they were');
  await expect.poll(() => read('beta.txt')).toBe('beta\n');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('session-progress')).toHaveText('2/2');
  await expect(rowStatus(page)).toContainText('Completed');
  await expect(rowStatus(page)).toContainText('2/2');
  await expect(activity(page).getByTestId('card-rewind-undo')).toBeVisible();
  await expect(rewind.locator('.ac-state')).toHaveText('undone');
  await expect(activity(page).getByTestId('card-end-completed')).toHaveCount(1);

  // What the dialog promises for each choice is what the banner's Undo does.
  await page.getByTestId('view-timeline').click();
  await openDialog();
  await expect(dialog.getByTestId('restore-undo-note')).toHaveText('The current state is checkpointed first: Undo in the banner afterwards puts it back.');
  await dialog.getByTestId('restore-mode-both').check();
  await expect(dialog.getByTestId('restore-undo-note')).toHaveText('The current files are checkpointed first: Undo in the banner afterwards puts the files and the session back as they are now.');
  await dialog.getByTestId('restore-mode-conversation').check();
  await expect(dialog.getByTestId('restore-undo-note')).toHaveText('Files are not touched: Undo in the banner afterwards puts the session back as it is now.');
  await shootBoth(page, testInfo, 'restore-dialog');
  await dialog.getByTestId('restore-cancel').click();
  expect(app.model.errors).toEqual([]);
});

test('after Stop: no tool card says "running…" and nothing offers a review', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  app = await serveWithModel(repo); // file changes ask
  app.model.enqueue(
    plan([ALPHA_BETA_TODOS[0]]),
    reply.message({
      toolCalls: [
        { name: 'write_file', arguments: { path: 'alpha.txt', content: 'alpha\n' } },
        { name: 'write_file', arguments: { path: 'alpha2.txt', content: 'alpha too\n' } },
      ],
    }),
  );
  await page.goto(app.served.url);
  await start(page, 'Write alpha.txt');
  await expect(page.getByTestId('session-review')).toHaveText('Review 2 changes', { timeout: 20_000 });
  await expect(activity(page).getByTestId('open-review')).toHaveCount(2);
  // While the changes wait, the write cards say so (issue 27 defect 21), not "running…".
  await expect(activity(page)).toContainText('waiting for your review');
  await expect(activity(page)).not.toContainText('running…');

  await page.getByTestId('session-stop').click();
  await page.getByTestId('session-stop-confirm').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'stopped');
  await expect(activity(page).getByTestId('card-end-stopped')).toBeVisible();
  await expect(activity(page)).not.toContainText('running…');
  await expect(activity(page)).not.toContainText('waiting for your review');
  await expect(activity(page).getByTestId('open-review')).toHaveCount(0);
  await expect(page.getByTestId('session-review')).toHaveCount(0);
  await expect(activity(page).getByTestId('card-tool').filter({ hasText: 'write_file' }).first()).toContainText('not finished: the session stopped');
  await expect(activity(page).getByTestId('card-change').first().locator('.ac-state')).toHaveText('not decided: the session ended');
  await expect(page.getByTestId('review-badge')).toHaveCount(0);
  await shootBoth(page, testInfo, 'stopped-activity');
  expect(read('alpha.txt')).toBeNull();
});
