import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 14's Review defects:
//  a) a proposed new file showed a phantom red "1 −" line (Monaco counts an empty file as one empty line, so its
//     diff deleted that line): a new file shows only added lines, whichever layout was chosen;
//  b) after editing the proposed text, the list said +3 while the header said +4: both count the text as it is now.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const CONFIG = ['name = demo', 'port = 8080', 'host = localhost', 'debug = false', 'timeout = 30', 'retries = 3', 'color = blue', ''].join('\n');
const item = (page: Page, path: string) => page.locator(`[data-testid="review-item"][data-path="${path}"]`);
const diff = (page: Page) => page.getByTestId('review-diff');

test('a new file shows only added lines; the list and the header count an edited change alike', async ({ page }) => {
  const repo = makeFixtureRepo();
  writeFileSync(join(repo, 'config.txt'), CONFIG);
  writeFileSync(join(repo, 'empty.txt'), '');
  app = await serveWithModel(repo);
  app.model.enqueue(
    plan([{ id: 't1', description: 'Tune the config and add notes', expectedResult: 'done' }]),
    reply.message({
      toolCalls: [
        { name: 'write_file', arguments: { path: 'notes.md', content: '# Notes\n\nPort moved to 9090.\n' } },
        { name: 'write_file', arguments: { path: 'empty.txt', content: 'filled\n' } },
        { name: 'edit_file', arguments: { path: 'config.txt', edits: [{ search: 'port = 8080', replace: 'port = 9090' }, { search: 'color = blue', replace: 'color = red' }] } },
      ],
    }),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Tune config.txt and write notes.md');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('review-badge')).toHaveText('3', { timeout: 20_000 });
  await page.getByTestId('view-review').click();

  // a) The new file: three added lines, nothing deleted, in both layouts.
  await item(page, 'notes.md').click();
  await expect(page.getByTestId('review-title')).toHaveText('notes.md');
  await expect(page.getByTestId('review-diff-host')).toHaveAttribute('data-diff-ready', /.+/);
  await expect(diff(page).locator('.editor.modified .view-line').filter({ hasText: 'Port moved to 9090.' })).toBeVisible();
  await expect(page.getByTestId('review-counts')).toHaveText('+3 −0');
  await expect(diff(page).locator('.line-delete, .char-delete, .inline-deleted-margin-view-zone, .codicon-diff-remove')).toHaveCount(0);
  // Nothing on the left to put side by side: the layout switch is not offered, and its key changes nothing.
  await expect(page.getByTestId('review-layout')).toHaveCount(0);
  await page.keyboard.press('t');
  await expect(diff(page).locator('.line-delete, .char-delete, .inline-deleted-margin-view-zone, .codicon-diff-remove')).toHaveCount(0);
  await expect(diff(page).locator('.editor.modified .review-line-added')).toHaveCount(3);
  // Typing in the new file keeps it all added.
  await diff(page).locator('.editor.modified .view-line').filter({ hasText: '# Notes' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('review-counts')).toHaveText('+3 −0');
  await expect(diff(page).locator('.editor.modified .view-line').filter({ hasText: '# Notes and more' })).toBeVisible();
  await expect(diff(page).locator('.line-delete, .char-delete, .inline-deleted-margin-view-zone, .codicon-diff-remove')).toHaveCount(0);

  // An empty file given text: the same, one added line and nothing deleted.
  await item(page, 'empty.txt').click();
  await expect(page.getByTestId('review-title')).toHaveText('empty.txt');
  await expect(diff(page).locator('.editor.modified .view-line').filter({ hasText: 'filled' })).toBeVisible();
  await expect(page.getByTestId('review-counts')).toHaveText('+1 −0');
  await expect(diff(page).locator('.line-delete, .char-delete, .inline-deleted-margin-view-zone, .codicon-diff-remove')).toHaveCount(0);

  // b) The edited change: one line added on the right side. The list and the header say the same.
  await item(page, 'config.txt').click();
  await expect(page.getByTestId('review-title')).toHaveText('config.txt');
  await expect(page.getByTestId('review-counts')).toHaveText('+2 −2');
  await expect(item(page, 'config.txt').locator('.review-counts')).toHaveText('+2 −2');
  await diff(page).locator('.editor.modified .view-line').filter({ hasText: 'port = 9090' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('proxy = none');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('review-hunk').first()).toContainText('+2');
  await expect(page.getByTestId('review-counts')).toHaveText('+3 −2');
  await expect(item(page, 'config.txt').locator('.review-counts')).toHaveText('+3 −2');
});
