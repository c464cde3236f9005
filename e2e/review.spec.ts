import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FrameClient } from '../src/testing/wsClient';
import { reply } from '../src/testing/openaiReplies';
import type { RecordedRequest } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The Review view against the real `akira serve` and the scripted model: the agent proposes changes to
// two files (one edited on the right side with a hunk rejected, one accepted as is), a destructive
// command (approved), then a change that is rejected with "Reject all" — its reason reaches the model.

let run: ServedWithModel | null = null;
let ws: FrameClient | null = null;
test.afterEach(async () => {
  await ws?.close();
  await run?.stop();
  ws = null;
  run = null;
});

const CONFIG_BEFORE = ['name = demo', 'port = 8080', 'host = localhost', 'debug = false', 'timeout = 30', 'retries = 3', 'color = blue', 'size = medium', 'level = info', 'owner = ops', ''].join('\n');
const requestText = (r: RecordedRequest) => JSON.stringify(r.body.messages);

const item = (page: Page, path: string) => page.locator(`[data-testid="review-item"][data-path="${path}"]`);
const modifiedLine = (page: Page, text: string) => page.locator('[data-testid="review-diff"] .editor.modified .view-line').filter({ hasText: text });

test('review: edit a line, reject a hunk, accept the rest; approve a command; reject all with a reason the model reads', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  writeFileSync(join(repo, 'config.txt'), CONFIG_BEFORE);
  mkdirSync(join(repo, 'scratch'));
  writeFileSync(join(repo, 'scratch', 'tmp.txt'), 'temporary\n');
  writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
  run = await serveWithModel(repo);
  const { model, served } = run;
  let rejectionSeen: string | null = null;
  model.enqueue(
    plan([{ id: 't1', description: 'Tune the config and add notes', expectedResult: 'config.txt tuned, notes.md written' }]),
    reply.message({
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
        { name: 'write_file', arguments: { path: 'notes.md', content: '# Notes\n\nPort moved to 9090.\n' } },
      ],
    }),
    reply.toolCall('run_command', { command: 'rm -rf scratch' }),
    reply.toolCall('delete_file', { path: 'src/util/math.ts' }),
    reply.toolCall('write_file', { path: 'logo.png', content: 'now a text file\n' }),
    reply.toolCall('write_file', { path: 'extra.txt', content: 'not wanted\n' }),
    (req) => {
      rejectionSeen = requestText(req);
      return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'config tuned, notes written' });
    },
    verdict('t1'),
    verdict('task', true, 'done'),
  );

  await page.goto(served.url);
  await expect(page.getByTestId('view-review')).toBeVisible();
  ws = await FrameClient.connect(`${served.origin.replace('http', 'ws')}/ws?token=${served.token}`, { origin: served.origin });
  const started = await ws.request('agent.start', { task: 'Tune config.txt and write notes.md' });
  expect(started.error).toBeUndefined();

  // The reply's two file changes wait together while the Files view is open: a badge and a toast
  // that opens the Review view with the whole batch listed.
  await expect(page.getByTestId('review-badge')).toHaveText('2');
  await expect(page.getByTestId('review-toast').first()).toContainText('config.txt');
  await page.getByTestId('review-toast').first().getByRole('button', { name: 'Review' }).click();
  await expect(item(page, 'notes.md')).toBeVisible();
  await expect(item(page, 'config.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(item(page, 'config.txt')).toContainText('+3');
  await expect(item(page, 'config.txt')).toContainText('−3');
  await expect(page.getByTestId('review-diff-host')).toHaveAttribute('data-diff-ready', /config|ch-/);
  const hunks = page.getByTestId('review-hunk');
  await expect(hunks).toHaveCount(3);

  // With the keyboard: next hunk (n), reject it (x): the second hunk (retries). Then edit the agent's
  // port line on the right side.
  await page.keyboard.press('n');
  await expect(hunks.nth(1)).toHaveClass(/selected/);
  await page.keyboard.press('x');
  await expect(hunks.nth(1)).toHaveAttribute('data-state', 'rejected');
  // The gutter marks toggle too: the third hunk's ✓ rejects it, a second click accepts it again.
  const glyph = page.locator('[data-testid="review-diff"] .editor.modified .review-glyph');
  await expect(glyph).toHaveCount(3);
  await page.locator('[data-testid="review-diff"] .editor.modified .review-glyph-accepted').last().click();
  await expect(hunks.nth(2)).toHaveAttribute('data-state', 'rejected');
  await page.locator('[data-testid="review-diff"] .editor.modified .review-glyph-rejected').last().click();
  await expect(hunks.nth(2)).toHaveAttribute('data-state', 'kept');
  await page.keyboard.press('t');
  await expect(page.getByTestId('review-layout')).toHaveText('Side by side');
  await page.keyboard.press('t');
  await expect(page.getByTestId('review-layout')).toHaveText('Inline');
  await modifiedLine(page, 'port = 9090').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('port = 9191');
  await page.keyboard.press('Escape');
  await expect(hunks.nth(0)).toContainText('port = 9191');
  await expect(hunks.nth(1)).toHaveAttribute('data-state', 'rejected');
  await expect(page.getByTestId('review-title')).toHaveText('config.txt');
  await expect(page.locator('.review-edited')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('review.png') });

  // Accept the file with the keyboard: what is written is exactly the person's version.
  await page.keyboard.press('a');
  await expect(page.getByTestId('review-badge')).toHaveText('1');
  // The session writes it once it hears the answer (a moment after the badge counts it).
  await expect.poll(() => readFileSync(join(repo, 'config.txt'), 'utf8')).toBe(CONFIG_BEFORE.replace('port = 8080', 'port = 9191').replace('owner = ops', 'owner = dev'));

  // The new file: left side empty, accepted as proposed.
  await expect(page.getByTestId('review-diff-host')).toHaveAttribute('data-diff-ready', /.+/);
  await expect(page.getByTestId('review-title')).toHaveText('notes.md');
  await expect(item(page, 'notes.md')).toContainText('+3');
  await page.getByTestId('review-accept').click();

  // The destructive command: listed with why it asks; approved.
  await expect(page.getByTestId('review-command')).toContainText('rm -rf scratch');
  await expect(page.getByTestId('review-destructive')).toBeVisible();
  await expect(page.getByTestId('review-badge')).toHaveText('1');
  await page.getByTestId('review-accept').click();
  await expect.poll(() => existsSync(join(repo, 'scratch'))).toBe(false);
  expect(readFileSync(join(repo, 'notes.md'), 'utf8')).toBe('# Notes\n\nPort moved to 9090.\n');

  // A deletion: the right side is empty and read-only; accepted with the keyboard.
  await expect(page.getByTestId('review-title')).toHaveText('src/util/math.ts');
  await expect(page.getByTestId('review-diff')).toHaveAttribute('data-editable', 'false');
  await expect(item(page, 'src/util/math.ts')).toContainText('−1');
  await page.keyboard.press('a');
  await expect.poll(() => existsSync(join(repo, 'src/util/math.ts'))).toBe(false);

  // A binary file: no text diff, accepted or rejected as a whole.
  await expect(page.getByTestId('review-title')).toHaveText('logo.png');
  await expect(page.getByTestId('review-pane')).toContainText('no text diff to show');
  await expect(page.getByTestId('review-diff')).toBeHidden();
  await page.getByTestId('review-accept').click();
  await expect.poll(() => readFileSync(join(repo, 'logo.png'), 'utf8')).toBe('now a text file\n');

  // Another change: "Reject all" with a reason; the model's next request carries it.
  await expect(item(page, 'extra.txt')).toBeVisible();
  await page.getByTestId('review-reject-all').click();
  await page.getByTestId('review-reason').fill('No extra files: keep everything in notes.md.');
  await page.getByTestId('review-reason-submit').click();
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await expect(page.getByTestId('review-badge')).toHaveCount(0);
  await expect.poll(() => rejectionSeen).toContain('No extra files: keep everything in notes.md.');
  expect(rejectionSeen).toContain('REJECTED');
  expect(existsSync(join(repo, 'extra.txt'))).toBe(false);
  await expect(page.getByTestId('review-decided-item')).toHaveCount(6);
  await expect(page.locator('[data-testid="review-decided-item"][data-decision="edited"]')).toContainText('config.txt');
  await expect(page.locator('[data-testid="review-decided-item"][data-decision="rejected"]')).toContainText('extra.txt');

  const sessionId = started.result.sessionId as string;
  await expect.poll(async () => (await ws!.request('agent.get', { sessionId })).result?.status, { timeout: 20_000 }).toBe('completed');
  model.assertDone();
});
