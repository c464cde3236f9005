import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 14: "Always allow" on a command's approval, through the UI. The Review view offers the command's prefix
// (`touch ./made-1.txt` → `touch`); clicking it runs the command, the session's next `touch …` runs without a
// question, and the prefix shows in Settings' global allow list, where removing it (and saving) takes it out of
// settings.json.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const globalAllow = (dataDir: string): string[] => JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).agent?.policy?.commands?.allow ?? [];

test('always allow a command from Review: it runs, its prefix is not asked again, Settings lists it and removes it', async ({ page }) => {
  const repo = makeFixtureRepo();
  // The default policy, but sandboxed commands ask too (in the OS sandbox, commands off the allow list would run without
  // asking: autoApprove.sandboxedCommand), so that the question this spec answers comes up where bubblewrap is installed.
  app = await serveWithModel(repo, { globalSettings: { agent: { policy: { autoApprove: { sandboxedCommand: false } } } } });
  app.model.enqueue(
    plan([{ id: 't1', description: 'Make two marker files', expectedResult: 'made-1.txt and made-2.txt exist' }]),
    reply.toolCall('run_command', { command: 'touch ./made-1.txt' }),
    reply.toolCall('run_command', { command: 'touch ./made-2.txt' }),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'made both' }),
    verdict('t1', true, 'both exist'),
    verdict('task', true, 'done'),
  );
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Make two marker files');
  await page.getByTestId('start-submit').click();

  // The first command waits in Review, offering its prefix.
  await expect(page.getByTestId('review-badge')).toHaveText('1', { timeout: 20_000 });
  await page.getByTestId('view-review').click();
  await expect(page.getByTestId('review-title')).toHaveText('touch ./made-1.txt');
  const always = page.getByTestId('review-always');
  await expect(always).toHaveText('Always allow touch');
  await always.click();

  // It ran, and so did the second `touch`, without a question.
  await expect.poll(() => existsSync(join(repo, 'made-1.txt'))).toBe(true);
  await expect.poll(() => existsSync(join(repo, 'made-2.txt')), { timeout: 20_000 }).toBe(true);
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  app.model.assertDone();
  await expect(page.getByTestId('review-badge')).toHaveCount(0);
  await page.getByTestId('view-review').click();
  await expect(page.getByTestId('review-decided-item')).toHaveCount(1);
  await expect(page.getByTestId('review-decided-item')).toContainText('touch ./made-1.txt');
  expect(globalAllow(app.dataDir)).toEqual(['touch']);

  // Settings (global scope) lists the prefix; removing it and saving takes it out of settings.json.
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-scope-global')).toHaveAttribute('aria-checked', 'true');
  const allow = page.getByTestId('settings-allow');
  await allow.scrollIntoViewIfNeeded();
  await expect(allow.getByRole('textbox', { name: 'settings-allow entry 1' })).toHaveValue('touch');
  await allow.getByRole('button', { name: 'Remove touch' }).click();
  await expect(allow.getByRole('textbox', { name: 'settings-allow entry 1' })).toHaveCount(0);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toContainText('Saved to');
  expect(globalAllow(app.dataDir)).toEqual([]);
});
