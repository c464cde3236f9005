import { expect, test } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 14: "terminal tabs are all named 'bash' and finished command tabs pile up". Shells a person opens are
// numbered (bash, bash 2, bash 3, as VS Code does); each command the agent runs gets a tab named by the command; only
// the last few finished command tabs stay (older ones close by themselves, in every window), each marked with its
// exit status.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const COMMANDS = ['echo one', 'echo two', 'echo three', 'echo four', 'echo five; exit 3'];

test('shell tabs are numbered; finished agent command tabs do not pile up and show their exit status', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  app.model.enqueue(
    plan([{ id: 't1', description: 'Run the five commands', expectedResult: 'they ran' }]),
    ...COMMANDS.map((command) => reply.toolCall('run_command', { command })),
    reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'ran them' }),
    verdict('t1', true, 'ok'),
    verdict('task', true, 'ok'),
  );
  await page.goto(app.served.url);
  const tabs = page.getByTestId('terminal-tab');
  const titles = page.locator('[data-testid="terminal-tab"] .terminal-tab-title');

  // Three shells: each tab has its own name, the shell's name then its number.
  await expect(tabs).toHaveCount(1);
  await page.getByTestId('terminal-new').click();
  await page.getByTestId('terminal-new').click();
  await expect(tabs).toHaveCount(3);
  const shell = (await titles.first().textContent())!.trim();
  await expect(titles).toHaveText([shell, `${shell} 2`, `${shell} 3`]);
  // A closed shell's number is given again to the next one.
  await tabs.nth(1).getByTestId('terminal-close').click();
  await expect(titles).toHaveText([shell, `${shell} 3`]);
  await page.getByTestId('terminal-new').click();
  await expect(titles).toHaveText([shell, `${shell} 3`, `${shell} 2`]);

  // The agent runs five commands, one after the other, each in its own tab named by the command.
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Run five commands');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('status-agent')).toContainText('Completed', { timeout: 30_000 });

  // Only the last three finished ones are left; the shells stay.
  const commandTabs = tabs.filter({ hasText: 'echo' });
  await expect(commandTabs).toHaveCount(3);
  await expect(commandTabs.locator('.terminal-tab-title')).toHaveText(['echo three', 'echo four', 'echo five; exit 3']);
  await expect(titles.filter({ hasText: shell })).toHaveCount(3);

  // Each finished one says how it ended: ✓ for exit 0, the code for a failure.
  const failed = commandTabs.last();
  await expect(failed).toHaveAttribute('data-exit', '3');
  await expect(failed.getByTestId('terminal-tab-exit')).toHaveText('✗ 3');
  await expect(failed).toHaveAttribute('title', /exited with code 3/);
  await expect(commandTabs.first().getByTestId('terminal-tab-exit')).toHaveText('✓');
  await expect(commandTabs.first()).toHaveAttribute('data-exit', '0');
  await page.getByTestId('terminal-panel').screenshot({ path: testInfo.outputPath('terminal-tabs.png') });

  // A reload shows the same tabs (the closed ones are gone in the core too).
  await page.reload();
  await expect(page.getByTestId('terminal-tab').filter({ hasText: 'echo' })).toHaveCount(3);
  await expect(page.locator('[data-testid="terminal-tab"] .terminal-tab-title')).toHaveText([shell, `${shell} 3`, `${shell} 2`, 'echo three', 'echo four', 'echo five; exit 3']);
});
