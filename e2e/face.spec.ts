import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 27, "A face that looks finished": the activity bar's codicons and tooltips, the first screen's ways in, the
// toast at the end of a session the person is not looking at, and the editor's git gutter against HEAD.

let app: ServedWithModel | null = null;
// The editor (Monaco, loaded on first use) and git answer slowly on a busy machine: waits are generous, never timed.
const SLOW = { timeout: 60_000 };
test.describe.configure({ timeout: 180_000 });

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const autonomous = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };
const treeRow = (page: Page, path: string) => page.locator(`[data-testid="tree-row"][data-path="${path}"]`);

test('the activity bar draws codicons from the bundled font, with tooltips that name the view', async ({ page }) => {
  app = await serveWithModel(makeFixtureRepo());
  await page.goto(app.served.url);
  const views = { files: 'Files', search: 'Search', agent: 'Agent', changes: 'Changes', timeline: 'Timeline', review: 'Review', specs: 'Specs' };
  for (const [id, name] of Object.entries(views)) {
    const button = page.getByTestId(`view-${id}`);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-label', name);
    await expect(button).toHaveAttribute('title', new RegExp(`^${name}( \\(.+\\))?$`));
    const icon = button.locator('.codicon');
    await expect(icon).toBeVisible();
    await expect(icon).toHaveCSS('font-family', /codicon/);
    // No Unicode glyph left as the icon.
    await expect(button).not.toContainText(/[▤⌕✦±◷◫☑]/);
  }
  // The keys come from the action registry.
  await expect(page.getByTestId('view-files')).toHaveAttribute('title', 'Files (Ctrl+Shift+E)');
  await expect(page.getByTestId('view-search')).toHaveAttribute('title', 'Search (Ctrl+Shift+F)');
  // The font is the app's own (no network): loaded from the served origin.
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => f.family.replace(/["']/g, '') === 'codicon' && f.status === 'loaded');
  });
  expect(loaded).toBe(true);
  // Once Monaco (and its icon stylesheet) is loaded too, each icon is still drawn once.
  await treeRow(page, 'README.md').click();
  await expect(page.getByTestId('file-viewer').locator('.view-lines')).toContainText('Demo project', SLOW);
  const drawn = await page.locator('.activitybar .codicon').evaluateAll((icons) => icons.map((i) => [i.textContent, getComputedStyle(i, '::before').content]));
  expect(drawn).toHaveLength(7);
  for (const [text, before] of drawn) {
    expect(text).toHaveLength(1);
    expect(['none', 'normal', '']).toContain(before);
  }
});

test('the first screen says what Akira is for: start a task, open a spec, open a file', async ({ page }) => {
  app = await serveWithModel(makeFixtureRepo());
  await page.goto(app.served.url);
  const first = page.getByTestId('first-screen');
  await expect(first).toBeVisible();
  await expect(first).toContainText('agent');
  await expect(first.getByRole('button', { name: 'Start a task' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Open a spec' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Open a file' })).toBeVisible();

  await first.getByRole('button', { name: 'Open a file' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('first-open-spec').click();
  await expect(page.getByTestId('view-specs')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('view-files').click();
  await page.getByTestId('first-start-task').click();
  await expect(page.getByTestId('view-agent')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('start-task')).toBeFocused();
});

test('a session that ends while the person looks elsewhere says so in a toast with Show; not while they look at it', async ({ page }) => {
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: autonomous });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  app.model.enqueue(
    plan([{ id: 't1', description: 'Create greet.txt', expectedResult: 'greet.txt says hello' }]),
    async () => {
      await held;
      return reply.toolCall('write_file', { path: 'greet.txt', content: 'hello\n' });
    },
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'written' }),
    verdict('t1'),
    verdict('task'),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Write a greeting file');
  await page.getByTestId('start-submit').click();
  const row = page.getByTestId('session-row').first();
  await expect(row).toHaveAttribute('data-status', 'running', { timeout: 20_000 });

  // Elsewhere: the Files view.
  await page.getByTestId('view-files').click();
  release();
  const toast = page.getByTestId('session-end-toast');
  await expect(toast).toBeVisible(SLOW);
  await expect(toast).toContainText('Task completed');
  await expect(toast).toContainText('Write a greeting file');
  await toast.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('view-agent')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  await expect(toast).toHaveCount(0);

  // Looking at the session: its follow-up ends without a toast.
  app.model.enqueue(
    plan([{ id: 't1', description: 'Add a line', expectedResult: 'two lines' }]),
    reply.toolCall('write_file', { path: 'greet.txt', content: 'hello\nagain\n' }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'written' }),
    verdict('t1'),
    verdict('task'),
  );
  await page.getByTestId('message-input').fill('Add a second line');
  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('session-row-round').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(toast).toHaveCount(0);
});

test('the editor gutter marks added, changed and deleted lines against HEAD; nothing for an untracked file', async ({ page }) => {
  const repo = makeFixtureRepo();
  // After the commit: line 2 changed, a line added at the end; in math.ts nothing; an untracked notes file.
  writeFileSync(join(repo, 'src/index.ts'), 'export function greet(name: string): string {\n  return `Hi, ${name}`;\n}\nexport const answer = 42;\n');
  writeFileSync(join(repo, 'README.md'), '# Demo project\n');
  writeFileSync(join(repo, 'notes.txt'), 'not in git\n');
  app = await serveWithModel(repo);
  await page.goto(app.served.url);
  const viewer = page.getByTestId('file-viewer');

  await treeRow(page, 'notes.txt').click();
  await expect(viewer.locator('.view-lines')).toContainText('not in git', SLOW);
  await expect(viewer.locator('.git-gutter')).toHaveCount(0);

  await treeRow(page, 'src').click();
  await treeRow(page, 'src/index.ts').click();
  await expect(viewer.locator('.view-lines')).toContainText('Hi, ${name}', SLOW);
  await expect(viewer.locator('.git-gutter-modified')).toHaveCount(1, SLOW);
  await expect(viewer.locator('.git-gutter-added')).toHaveCount(1);

  // Typing keeps it up: a new last line is added.
  await viewer.locator('.view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('export const more = 1;');
  await expect(viewer.locator('.git-gutter-added')).toHaveCount(2, SLOW);
  await expect(viewer.locator('.git-gutter')).toHaveCount(3);

  await treeRow(page, 'README.md').click();
  await expect(viewer.locator('.view-lines')).toContainText('Demo project', SLOW);
  await expect(viewer.locator('.git-gutter-deleted')).toHaveCount(1, SLOW);
});
