import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FrameClient } from '../src/testing/wsClient';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

let served: Served;
let repo: string;

test.afterEach(async () => {
  await served?.stop();
});

const read = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : null);

/** Types a command in the terminal and waits until it has run (a sentinel the shell computes). */
async function run(page: Page, command: string, sentinel: string) {
  const terminal = page.getByTestId('terminal').first();
  await terminal.click();
  await page.keyboard.type(`${command} && echo ${sentinel}-$((40+2))`);
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText(`${sentinel}-42`);
}

/** Takes a checkpoint from the Timeline with a label and answers its id once it is listed. */
async function checkpoint(page: Page, label: string): Promise<string> {
  await page.getByTestId('checkpoint-label').fill(label);
  await page.getByTestId('checkpoint-create').click();
  await expect(page.getByTestId('checkpoint-create-note')).toContainText('taken');
  const row = page.getByTestId('checkpoint-row').filter({ hasText: label });
  await expect(row).toHaveCount(1);
  return (await row.getAttribute('data-checkpoint-id'))!;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="checkpoint-row"][data-checkpoint-id="${id}"]`);
const fileRow = (page: Page, path: string) => page.locator(`[data-testid="checkpoint-file"][data-path="${path}"]`);
const treeRow = (page: Page, path: string) => page.locator(`[data-testid="tree-row"][data-path="${path}"]`);

test('checkpoint changes made in the terminal, compare them in Monaco, restore and undo', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  served = await serve(repo);
  await page.goto(served.url);
  await expect(treeRow(page, 'README.md')).toBeVisible();

  // Changes made by shell commands, not by an editor.
  await run(page, 'echo hello > notes.txt && sed -i s/Hello/Howdy/ src/index.ts', 'first');
  expect(read('src/index.ts')).toContain('Howdy');

  // Checkpoint by hand, with a label.
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  const first = await checkpoint(page, 'notes and howdy');
  await expect(row(page, first)).toHaveAttribute('data-origin', 'manual');
  await expect(row(page, first)).toContainText('manual');

  // More changes: modify one file, delete another, append to a third; then a second checkpoint.
  await run(page, 'sed -i s/Howdy/Hiya/ src/index.ts && rm src/util/math.ts && echo more >> notes.txt', 'second');
  expect(read('src/util/math.ts')).toBeNull();
  const second = await checkpoint(page, 'hiya without math');
  // Newest first; the second changed three files (+/- lines shown).
  await expect(page.getByTestId('checkpoint-row').first()).toHaveAttribute('data-checkpoint-id', second);
  await expect(row(page, second)).toContainText('3 files');
  await expect(row(page, second)).toContainText('−');
  await expect(page.getByTestId('checkpoint-usage')).toContainText('on disk');

  // Select the first checkpoint: its files (against nothing before it: every file it captured).
  await row(page, first).click();
  await expect(page.getByTestId('checkpoint-detail')).toBeVisible();
  await expect(fileRow(page, 'notes.txt')).toHaveAttribute('data-status', 'added');
  await fileRow(page, 'src/index.ts').click();
  const diff = page.getByTestId('diff-viewer');
  await expect(diff.locator('.editor.modified .view-lines')).toContainText('Howdy, ${name}');

  // Compared with now: the checkpoint on the left, the workspace on the right.
  await page.getByTestId('compare-now').click();
  await expect(fileRow(page, 'src/util/math.ts')).toHaveAttribute('data-status', 'deleted');
  await fileRow(page, 'src/index.ts').click();
  await expect(page.getByTestId('checkpoint-diff-sides')).toContainText('now');
  await expect(diff.locator('.editor.original .view-lines')).toContainText('Howdy, ${name}');
  await expect(diff.locator('.editor.modified .view-lines')).toContainText('Hiya, ${name}');

  // Any two checkpoints: "Compare with…" on the first, then pick the second.
  await page.getByTestId('compare-with').click();
  await expect(page.getByTestId('timeline-picking')).toBeVisible();
  await row(page, second).click();
  await expect(page.getByTestId('compare-with')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('checkpoint-detail-summary')).toContainText('hiya without math');
  await expect(fileRow(page, 'notes.txt')).toHaveAttribute('data-status', 'modified');
  await fileRow(page, 'notes.txt').click();
  await expect(diff.locator('.editor.original .view-lines')).toContainText('hello');
  await expect(diff.locator('.editor.modified .view-lines')).toContainText('more');

  await page.screenshot({ path: testInfo.outputPath('timeline.png') });
  await testInfo.attach('timeline', { path: testInfo.outputPath('timeline.png'), contentType: 'image/png' });

  // Restore the first checkpoint: the dialog lists exactly what changes, is created or deleted.
  await page.getByTestId('checkpoint-restore-button').click();
  const dialog = page.getByTestId('restore-dialog');
  await expect(dialog).toBeVisible();
  const listed = dialog.getByTestId('restore-file');
  await expect(listed).toHaveCount(3);
  await expect(dialog.locator('[data-testid="restore-file"][data-path="src/index.ts"]')).toHaveAttribute('data-action', 'modify');
  await expect(dialog.locator('[data-testid="restore-file"][data-path="notes.txt"]')).toHaveAttribute('data-action', 'modify');
  await expect(dialog.locator('[data-testid="restore-file"][data-path="src/util/math.ts"]')).toHaveAttribute('data-action', 'create');
  await page.screenshot({ path: testInfo.outputPath('restore-dialog.png') });
  await testInfo.attach('restore-dialog', { path: testInfo.outputPath('restore-dialog.png'), contentType: 'image/png' });

  // Esc cancels and changes nothing; Enter confirms.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(read('src/index.ts')).toContain('Hiya');
  await page.getByTestId('checkpoint-restore-button').click();
  await expect(dialog.getByTestId('restore-file')).toHaveCount(3);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('restore-toast')).toContainText('Restored');

  // The files are back on disk…
  expect(read('src/index.ts')).toContain('Howdy');
  expect(read('src/util/math.ts')).toContain('export const add');
  expect(read('notes.txt')).toBe('hello\n');
  // …and in the tree.
  await page.getByTestId('view-files').click();
  if ((await treeRow(page, 'src/util').count()) === 0) await treeRow(page, 'src').click();
  if ((await treeRow(page, 'src/util/math.ts').count()) === 0) await treeRow(page, 'src/util').click();
  await expect(treeRow(page, 'src/util/math.ts')).toBeVisible();

  // The state before the restore is on the timeline, offering the undo too.
  await page.getByTestId('view-timeline').click();
  const before = page.locator('[data-testid="checkpoint-row"][data-origin="before-restore"]');
  await expect(before).toHaveCount(1);
  await expect(page.getByTestId('checkpoint-row').first()).toHaveAttribute('data-origin', 'before-restore');

  // Undo the restore: the later state is back.
  await page.getByTestId('undo-restore').click();
  await expect(page.getByTestId('restore-toast')).toContainText('Restore undone');
  await expect.poll(() => read('src/index.ts')).toContain('Hiya');
  expect(read('src/util/math.ts')).toBeNull();
  expect(read('notes.txt')).toBe('hello\nmore\n');
  await page.getByTestId('view-files').click();
  await expect(treeRow(page, 'src/util/math.ts')).toHaveCount(0);

  // A single file: "Restore this file" from the first checkpoint's file list.
  await page.getByTestId('view-timeline').click();
  // The selection survives switching views (a click on the selected row would fold it).
  await expect(row(page, first)).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('compare-previous').click();
  await fileRow(page, 'src/util/math.ts').hover();
  await fileRow(page, 'src/util/math.ts').getByTestId('checkpoint-file-restore').click();
  await expect(dialog.getByTestId('restore-file')).toHaveCount(1);
  await expect(dialog.getByTestId('restore-file')).toHaveAttribute('data-action', 'create');
  await page.getByTestId('restore-confirm').click();
  await expect(dialog).toBeHidden();
  expect(read('src/util/math.ts')).toContain('export const add');
  expect(read('src/index.ts')).toContain('Hiya'); // only that file
});

test('thousands of checkpoints stay fast: read page by page, only the rows in view are drawn', async ({ page }) => {
  repo = makeFixtureRepo();
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-data-'));
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir });
  const ws = await FrameClient.connect(`${served.origin.replace('http', 'ws')}/ws?token=${served.token}`, { origin: served.origin });
  const real = await ws.request('checkpoints.create', { label: 'the real one' });
  expect(real.error).toBeUndefined();
  await ws.close();

  // 2,999 more checkpoints of the same snapshot, 100 s apart over the days before, the newest at 23:00 yesterday
  // (whatever the time of day the test runs), written to the store's list as another process (the CLI) appends
  // to it; the real one stays the newest.
  const storeDir = join(dataDir, 'checkpoints', readdirSync(join(dataDir, 'checkpoints'))[0]);
  const listFile = join(storeDir, 'checkpoints.jsonl');
  const line = readFileSync(listFile, 'utf8').trim();
  const record = JSON.parse(line) as Record<string, unknown>;
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const newest = midnight.getTime() - 3600_000;
  const clones = Array.from({ length: 2999 }, (_, i) =>
    JSON.stringify({ ...record, id: `bulk${String(i).padStart(5, '0')}`, n: i + 2, label: `bulk ${i}`, createdAt: new Date(newest - (2998 - i) * 100_000).toISOString() }),
  );
  writeFileSync(`${listFile}.tmp`, `${clones.join('\n')}\n${line}\n`);
  renameSync(`${listFile}.tmp`, listFile);

  await page.goto(served.url);
  await page.getByTestId('view-timeline').click();
  const rows = page.getByTestId('checkpoint-row');
  await expect(rows.first()).toContainText('the real one');
  const list = page.getByTestId('timeline-list');
  await expect(list).toHaveAttribute('data-total', '3000');
  await expect(list).toHaveAttribute('data-loaded', '100'); // the first page only
  await expect(page.locator('.tl-day').first()).toHaveText('Today');
  await expect(page.locator('.tl-day').nth(1)).toHaveText('Yesterday');
  expect(await rows.count()).toBeLessThan(60);

  // Scrolling to the end reads older pages; the DOM keeps only the rows in view.
  for (let i = 0; i < 60 && !(await page.locator('.tl-end').isVisible()); i++) {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(50);
    expect(await rows.count()).toBeLessThan(60);
  }
  await expect(page.locator('.tl-end')).toHaveText('3,000 checkpoints');
  await expect(list).toHaveAttribute('data-loaded', '3000');
  const oldest = page.locator('[data-testid="checkpoint-row"][data-checkpoint-id="bulk00000"]');
  await expect(oldest).toBeVisible();

  // The oldest one opens like any other; the keyboard walks up the list.
  await oldest.click();
  await expect(page.getByTestId('checkpoint-detail')).toBeVisible();
  await expect(page.locator('[data-testid="checkpoint-file"][data-path="README.md"]')).toBeVisible();
  await list.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[data-testid="checkpoint-row"][data-checkpoint-id="bulk00001"]')).toHaveAttribute('aria-selected', 'true');
});

test('the first checkpoint of a big tree shows its progress and leaves the UI free', async ({ page }, testInfo) => {
  repo = makeFixtureRepo();
  for (let d = 0; d < 200; d++) {
    mkdirSync(join(repo, 'gen', `d${d}`), { recursive: true });
    for (let f = 0; f < 100; f++) writeFileSync(join(repo, 'gen', `d${d}`, `f${f}.txt`), `generated ${d}/${f}\n`);
  }
  served = await serve(repo);
  await page.goto(served.url);
  await page.getByTestId('view-timeline').click();
  await page.getByTestId('checkpoint-label').fill('big tree');
  await page.getByTestId('checkpoint-create').click();
  await expect(page.getByTestId('checkpoint-create')).toHaveText('Checkpointing…');
  await expect(page.getByTestId('checkpoint-progress')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('first-checkpoint-progress.png') });
  await testInfo.attach('first-checkpoint-progress', { path: testInfo.outputPath('first-checkpoint-progress.png'), contentType: 'image/png' });

  // The rest of the UI answers meanwhile.
  await page.getByTestId('view-files').click();
  // The checkpoint's first writes add `.akira` above `src` at any moment, moving the row under a click: open
  // `src` until it is open (a click that lands on another row is retried, one that opened it is not repeated).
  const src = page.locator('[data-testid="tree-row"][data-path="src"]');
  await expect(async () => {
    if ((await src.getAttribute('aria-expanded')) !== 'true') await src.click();
    await expect(page.locator('[data-testid="tree-row"][data-path="src/index.ts"]')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('view-timeline').click();

  await expect(page.getByTestId('checkpoint-create-note')).toContainText('taken', { timeout: 60_000 });
  await expect(page.getByTestId('checkpoint-progress')).toBeHidden();
  await expect(page.getByTestId('checkpoint-row').first()).toContainText('20,005 files');
});
