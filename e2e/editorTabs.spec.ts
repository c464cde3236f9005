import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FrameClient } from '../src/testing/wsClient';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';
import { shootBoth } from './support/sessionsModel';

// Editing (issue 13) in the real UI against `akira serve`: tabs as VS Code has them (a preview tab replaced by the
// next single click, pinned by an edit or a double click, dirty dots, Ctrl+W, Ctrl+Shift+T, middle-click, close
// others), Ctrl+S saving through workspace.write (checked on disk), a file changed on disk reloaded silently when
// clean and marked under unsaved edits, the conflict dialog (Compare shows both, Overwrite saves), closing unsaved
// edits asks, a saved edit is in the next checkpoint, and auto save (off by default) saves after a pause.

let served: Served | null = null;
let repo: string;

test.afterEach(async () => {
  await served?.stop();
  served = null;
});

const onDisk = (path: string) => readFileSync(join(repo, path), 'utf8');
const treeRow = (page: Page, path: string) => page.locator(`[data-testid="tree-row"][data-path="${path}"]`);
const tab = (page: Page, path: string) => page.locator(`[data-testid="editor-tab"][data-kind="file"][data-path="${path}"]`);
const tabs = (page: Page) => page.getByTestId('editor-tab');
const text = (page: Page) => page.getByTestId('file-viewer').locator('.view-lines');

/** Puts the cursor at the end of the open file and types `words`. */
async function typeAtEnd(page: Page, words: string) {
  await text(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(words);
}

test('tabs, edit and save through the core, a change on disk, the conflict dialog, reopen closed, checkpointed', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  repo = makeFixtureRepo();
  const original = onDisk('src/index.ts');
  served = await serve(repo);
  await page.goto(served.url);

  // A single click opens a preview tab (italic); the next single click replaces it.
  await treeRow(page, 'README.md').click();
  await expect(tab(page, 'README.md')).toHaveAttribute('data-preview', 'true');
  await expect(tab(page, 'README.md').locator('.editor-tab-name')).toHaveCSS('font-style', 'italic');
  await expect(text(page)).toContainText('Demo project');
  await treeRow(page, 'src').click();
  await treeRow(page, 'src/index.ts').click();
  await expect(tabs(page)).toHaveCount(1);
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-preview', 'true');
  await expect(text(page)).toContainText('Hello, ${name}');

  // An edit pins the tab and shows the dirty dot; Ctrl+S writes the file.
  await typeAtEnd(page, '// edited in Akira');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-preview', 'false');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-dirty', 'true');
  await expect(tab(page, 'src/index.ts').getByTestId('editor-tab-dirty')).toBeVisible();
  await shootBoth(page, testInfo, 'editor-dirty');
  await page.keyboard.press('Control+s');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-dirty', 'false');
  expect(onDisk('src/index.ts')).toBe(`${original}// edited in Akira`);

  // The saved edit lands in the next checkpoint by itself.
  const ws = await FrameClient.connect(`${served.origin.replace('http', 'ws')}/ws?token=${served.token}`, { origin: served.origin });
  const checkpoint = await ws.request('checkpoints.create', { label: 'after the save' });
  expect(checkpoint.error).toBeUndefined();
  const atCheckpoint = await ws.request('checkpoints.fileAt', { checkpointId: checkpoint.result.checkpointId, path: 'src/index.ts' });
  expect(atCheckpoint.result.text).toBe(`${original}// edited in Akira`);
  await ws.close();

  // Changed on disk while the tab is clean: reloaded silently.
  writeFileSync(join(repo, 'src/index.ts'), `${original}// changed by another program\n`);
  await expect(text(page)).toContainText('changed by another program');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-dirty', 'false');
  await expect(page.getByTestId('conflict-dialog')).toHaveCount(0);

  // Changed on disk under unsaved edits: the tab says so, and Ctrl+S asks instead of overwriting.
  await typeAtEnd(page, '// mine, unsaved');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-dirty', 'true');
  const theirs = `${original}// theirs, written meanwhile\n`;
  writeFileSync(join(repo, 'src/index.ts'), theirs);
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-disk-changed', 'true');
  await expect(page.getByTestId('disk-changed-banner')).toBeVisible();
  await expect(text(page)).toContainText('mine, unsaved'); // nothing of mine is lost
  await text(page).click();
  await page.keyboard.press('Control+s');
  const dialog = page.getByTestId('conflict-dialog');
  await expect(dialog).toBeVisible();
  expect(onDisk('src/index.ts')).toBe(theirs);

  // Compare: the disk on the left, mine on the right.
  await dialog.getByTestId('conflict-compare').click();
  const compare = dialog.getByTestId('diff-viewer');
  await expect(compare.locator('.editor.original .view-lines')).toContainText('theirs, written meanwhile');
  await expect(compare.locator('.editor.modified .view-lines')).toContainText('mine, unsaved');
  await shootBoth(page, testInfo, 'editor-conflict-compare');

  // Overwrite: mine is saved over theirs.
  await dialog.getByTestId('conflict-overwrite').click();
  await expect(dialog).toHaveCount(0);
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-dirty', 'false');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-disk-changed', 'false');
  expect(onDisk('src/index.ts')).toContain('mine, unsaved');
  expect(onDisk('src/index.ts')).not.toContain('theirs');

  // A second file, kept with a double click; Ctrl+W closes it, Ctrl+Shift+T brings it back.
  await treeRow(page, 'src/util').click();
  await treeRow(page, 'src/util/math.ts').dblclick();
  await expect(tab(page, 'src/util/math.ts')).toHaveAttribute('data-preview', 'false');
  await expect(tab(page, 'src/util/math.ts')).toHaveAttribute('aria-selected', 'true');
  await expect(tabs(page)).toHaveCount(2);
  await page.keyboard.press('Control+w');
  await expect(tab(page, 'src/util/math.ts')).toHaveCount(0);
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+Shift+t');
  await expect(tab(page, 'src/util/math.ts')).toHaveAttribute('aria-selected', 'true');
  await expect(text(page)).toContainText('export const add');

  // Middle-click closes; the tab menu reopens it, and "Close others" leaves one.
  await tab(page, 'src/util/math.ts').click({ button: 'middle' });
  await expect(tab(page, 'src/util/math.ts')).toHaveCount(0);
  await tab(page, 'src/index.ts').click({ button: 'right' });
  await page.getByTestId('tab-menu-reopen').click();
  await expect(tabs(page)).toHaveCount(2);
  await tab(page, 'src/util/math.ts').click({ button: 'right' });
  await page.getByTestId('tab-menu-close-others').click();
  await expect(tabs(page)).toHaveCount(1);
  await expect(tab(page, 'src/util/math.ts')).toBeVisible();

  // Go to line is Monaco's (Ctrl+G).
  await text(page).click();
  await page.keyboard.press('Control+g');
  await expect(page.locator('.quick-input-widget')).toBeVisible();
  await page.keyboard.press('Escape');

  // Closing unsaved edits asks: Cancel keeps the tab, Don't save drops the edits (the file on disk is untouched).
  const math = onDisk('src/util/math.ts');
  await typeAtEnd(page, '// not kept');
  await expect(tab(page, 'src/util/math.ts')).toHaveAttribute('data-dirty', 'true');
  await page.keyboard.press('Control+w');
  const ask = page.getByTestId('close-dirty-dialog');
  await expect(ask).toContainText('math.ts');
  await shootBoth(page, testInfo, 'editor-close-dirty');
  await ask.getByTestId('close-dirty-cancel').click();
  await expect(tab(page, 'src/util/math.ts')).toHaveAttribute('data-dirty', 'true');
  await tab(page, 'src/util/math.ts').getByTestId('editor-tab-close').click();
  await ask.getByTestId('close-dirty-discard').click();
  await expect(tabs(page)).toHaveCount(0);
  await expect(page.getByTestId('editor-empty')).toBeVisible();
  expect(onDisk('src/util/math.ts')).toBe(math);

  // Reopened, it shows what is on disk (the dropped edits are gone).
  await page.keyboard.press('Control+Shift+t');
  await expect(text(page)).toContainText('export const add');
  await expect(text(page)).not.toContainText('not kept');

  // Three tabs: one kept, one with unsaved edits, a preview in italics.
  await treeRow(page, 'src/index.ts').dblclick();
  await typeAtEnd(page, '\n// more');
  await treeRow(page, 'README.md').click();
  await expect(tabs(page)).toHaveCount(3);
  await expect(tab(page, 'README.md')).toHaveAttribute('data-preview', 'true');
  await expect(tab(page, 'src/index.ts')).toHaveAttribute('data-dirty', 'true');
  await shootBoth(page, testInfo, 'editor-tabs');

  // Auto save is off by default (the unsaved edits above stayed unsaved); turned on in the tab menu, an edit is
  // saved by itself after a pause.
  expect(onDisk('src/index.ts')).not.toContain('// more');
  await tab(page, 'README.md').click({ button: 'right' });
  await expect(page.getByTestId('tab-menu-autosave')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('tab-menu-autosave').click();
  await typeAtEnd(page, 'Saved by itself.');
  await expect.poll(() => onDisk('README.md')).toContain('Saved by itself.');
  await expect(tab(page, 'README.md')).toHaveAttribute('data-dirty', 'false');
});
