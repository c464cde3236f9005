import { expect, test, type Page } from '@playwright/test';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';
import { shootBoth } from './support/sessionsModel';

// Quick open, the command palette and the app's keys (issue 13) in the real UI against `akira serve`: Ctrl+P finds
// a file by a fuzzy query and opens it (at a line with `:line`), recently opened files come first; Ctrl+Shift+P and
// F1 (also with the focus in Monaco, whose own F1 palette must not open) list the actions with their keys, recently
// used first; running "Toggle Terminal" hides and shows the terminal; Ctrl+B the sidebar, Ctrl+` the terminal; both
// lists are comboboxes over listboxes driven by the arrows, Enter and Esc, and the focus goes back; the Keyboard
// Shortcuts page lists the keys from the same registry.

let served: Served | null = null;

test.afterEach(async () => {
  await served?.stop();
  served = null;
});

const LONG = Array.from({ length: 300 }, (_, i) => `export const line${i + 1} = ${i + 1}; // line ${i + 1} of the long file`).join('\n');

const quickOpen = (page: Page) => page.getByTestId('quick-open');
const commands = (page: Page) => page.getByTestId('command-palette');
const options = (page: Page) => page.getByRole('option');
const input = (page: Page) => page.getByRole('combobox');
const text = (page: Page) => page.getByTestId('file-viewer').locator('.view-lines');
const activeTab = (page: Page) => page.locator('[data-testid="editor-tab"][aria-selected="true"]');
const focusedInMonaco = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));

test('quick open, the command palette, Ctrl+B, Ctrl+` and the Keyboard Shortcuts page', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  writeFiles(repo, { 'src/util/longFile.ts': `${LONG}\n`, 'docs/guide/setup.md': '# Setup\n' });
  served = await serve(repo);
  await page.goto(served.url);
  await expect(page.locator('[data-testid="tree-row"][data-path="README.md"]')).toBeVisible();
  await expect(page.getByTestId('terminal-panel')).toBeVisible();

  // Ctrl+P: a modal combobox over a listbox; an empty query lists the tree's files.
  await page.keyboard.press('Control+p');
  await expect(quickOpen(page)).toBeVisible();
  await expect(quickOpen(page)).toHaveAttribute('role', 'dialog');
  await expect(input(page)).toBeFocused();
  const listId = await input(page).getAttribute('aria-controls');
  await expect(page.locator(`#${listId}`)).toHaveAttribute('role', 'listbox');
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(options(page).filter({ hasText: 'README.md' })).toHaveCount(1);

  // A fuzzy query: the best match first, its matched characters marked; ArrowDown / ArrowUp move the active option.
  await input(page).fill('srcidx');
  await expect(options(page).first().locator('.palette-file')).toHaveAttribute('data-path', 'src/index.ts');
  await expect(options(page).first().locator('mark').first()).toBeVisible();
  await input(page).fill('ts');
  await expect(options(page).nth(2)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', (await options(page).nth(1).getAttribute('id'))!);
  await page.keyboard.press('ArrowUp');
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await input(page).fill('srcidx');
  await expect(options(page).first().locator('.palette-file')).toHaveAttribute('data-path', 'src/index.ts');
  await shootBoth(page, testInfo, 'quick-open');

  // Enter opens it in the editor, with the focus.
  await page.keyboard.press('Enter');
  await expect(quickOpen(page)).toHaveCount(0);
  await expect(activeTab(page)).toHaveAttribute('data-path', 'src/index.ts');
  await expect(text(page)).toContainText('Hello, ${name}');
  await expect.poll(() => focusedInMonaco(page)).toBe(true);

  // `:line` opens at that line (far down: revealed), typed fast and Enter at once (the answer is waited for).
  await page.keyboard.press('Control+p');
  await page.keyboard.type('lngfile:250', { delay: 0 });
  await page.keyboard.press('Enter');
  await expect(activeTab(page)).toHaveAttribute('data-path', 'src/util/longFile.ts');
  await expect(text(page)).toContainText('line 250 of the long file');
  await expect(text(page)).not.toContainText('line 1 of the long file');
  await expect.poll(() => focusedInMonaco(page)).toBe(true);
  // ... and `:12` in a short query.
  await page.keyboard.press('Control+p');
  await page.keyboard.type('long:12');
  await page.keyboard.press('Enter');
  await expect(text(page)).toContainText('line 12 of the long file');

  // An empty query lists the recently opened files first; Esc closes and the focus goes back to the editor.
  await page.keyboard.press('Control+p');
  await expect(options(page).nth(0)).toContainText('longFile.ts');
  await shootBoth(page, testInfo, 'quick-open-recent');
  await expect(options(page).nth(0)).toContainText('recently opened');
  await expect(options(page).nth(1)).toContainText('index.ts');
  await page.keyboard.press('Escape');
  await expect(quickOpen(page)).toHaveCount(0);
  await expect.poll(() => focusedInMonaco(page)).toBe(true);

  // Ctrl+Shift+P lists the actions with their keys.
  await page.keyboard.press('Control+Shift+P');
  await expect(commands(page)).toBeVisible();
  const toggle = options(page).filter({ hasText: 'Terminal: Toggle Terminal' });
  await expect(toggle.locator('kbd')).toHaveText('Ctrl+`');
  await expect(options(page).filter({ hasText: 'View: Toggle Sidebar' }).locator('kbd')).toHaveText('Ctrl+B');
  await expect(options(page).filter({ hasText: 'Go: Go to File…' }).locator('kbd')).toHaveText('Ctrl+P');
  await expect(options(page).filter({ hasText: 'Checkpoints: Checkpoint Now' })).toHaveCount(1);
  await expect(options(page).filter({ hasText: 'View: Show Timeline' })).toHaveCount(1);
  await shootBoth(page, testInfo, 'command-palette');
  await input(page).fill('toggle term');
  await expect(options(page)).toHaveCount(1);
  await shootBoth(page, testInfo, 'command-palette-filtered');

  // Running "Toggle Terminal" hides the terminal; again (now recently used, first for an empty query) shows it.
  await page.keyboard.press('Enter');
  await expect(commands(page)).toHaveCount(0);
  await expect(page.getByTestId('terminal-panel')).toBeHidden();
  await page.keyboard.press('Control+Shift+P');
  await expect(options(page).first()).toContainText('Toggle Terminal');
  await expect(options(page).first()).toContainText('recently used');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('terminal-panel')).toBeVisible();

  // F1 with the focus in the file viewer: Akira's palette, not Monaco's own.
  await page.keyboard.press('Control+p');
  await page.keyboard.type('srcidx');
  await expect(options(page).first().locator('.palette-file')).toHaveAttribute('data-path', 'src/index.ts');
  await page.keyboard.press('Enter');
  await text(page).click();
  await expect.poll(() => focusedInMonaco(page)).toBe(true);
  await page.keyboard.press('F1');
  await expect(commands(page)).toBeVisible();
  await expect(page.locator('.quick-input-widget:visible')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(commands(page)).toHaveCount(0);
  await expect.poll(() => focusedInMonaco(page)).toBe(true);

  // A palette command that talks to the core: Checkpoint Now.
  await page.keyboard.press('F1');
  await input(page).fill('checkpoint now');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkpoint-now-toast')).toContainText(/Checkpoint #\d+ taken|Nothing changed/);

  // Ctrl+B hides and shows the sidebar; Ctrl+` the terminal (also with the focus in the terminal).
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await shootBoth(page, testInfo, 'sidebar-hidden');
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.keyboard.press('Control+`');
  await expect(page.getByTestId('terminal-panel')).toBeHidden();
  await page.keyboard.press('Control+`');
  await expect(page.getByTestId('terminal-panel')).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.xterm'))).toBe(true);
  await page.keyboard.press('Control+`');
  await expect(page.getByTestId('terminal-panel')).toBeHidden();
  await page.keyboard.press('Control+`');
  await expect(page.getByTestId('terminal-panel')).toBeVisible();

  // The Keyboard Shortcuts page, from the palette: every key, from the same registry.
  await page.keyboard.press('Control+Shift+P');
  await input(page).fill('keyboard shortcuts');
  await page.keyboard.press('Enter');
  const sheet = page.getByTestId('shortcuts-dialog');
  await expect(sheet).toBeVisible();
  const row = (action: string) => sheet.locator(`[data-testid="shortcut-row"][data-action="${action}"]`);
  await expect(row('palette.quickOpen')).toContainText('Ctrl+P');
  await expect(row('palette.commands').locator('kbd')).toHaveText(['Ctrl+Shift+P', 'F1']);
  await expect(row('terminal.toggle')).toContainText('Ctrl+`');
  await expect(row('layout.sidebar')).toContainText('Ctrl+B');
  await expect(row('editor.save')).toContainText('Ctrl+S');
  await expect(row('settings.open')).toContainText('Ctrl+,');
  await expect(row('review.next')).toContainText('in the Review view');
  await shootBoth(page, testInfo, 'keyboard-shortcuts');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  // The focus was in the terminal (Ctrl+` gave it) before the palette opened: it goes back there.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.xterm'))).toBe(true);
});
