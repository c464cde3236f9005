import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { reply, type RecordedRequest } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { makeFixtureRepo } from './support/fixtureRepo';
import { shootBoth } from './support/sessionsModel';

// MCP prompts with arguments and resource templates in the task box (issue 24), against `akira serve` with the
// official server-everything from the npm registry and the scripted model server: `@mcp:` offers the prompt and the
// template; picking one asks for its arguments (Attach waits for the required one; Escape leaves the text as it
// was), then inserts @"mcp:<server>:<target> key=value …"; the chips attach without error, and the session's first
// request carries the prompt's text and the template's resource.

const EVERYTHING = resolve(__dirname, '..', 'node_modules', '.bin', 'mcp-server-everything');

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const chip = (scope: Locator, ref: string) => scope.locator(`[data-testid="context-chip"][data-ref="${ref}"]`);

/** ArrowDown until the popup's selected option is `label`. */
async function arrowTo(page: Page, popup: Locator, label: string, max = 20) {
  for (let i = 0; i < max && (await popup.locator('[aria-selected="true"]').getAttribute('data-label')) !== label; i++) await page.keyboard.press('ArrowDown');
  await expect(popup.locator('[aria-selected="true"]')).toHaveAttribute('data-label', label);
}

test('the task box asks for an MCP prompt’s arguments and a template’s variables, and the session gets both', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), {
    globalSettings: { mcpServers: { everything: { command: EVERYTHING, args: ['stdio'] } }, agent: { mode: 'autonomous' } },
  });
  let first: RecordedRequest | null = null;
  app.model.enqueue(
    (req) => {
      first = req;
      return reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'answer', expectedResult: 'answered' }] });
    },
    reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'answered' }),
    reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
    reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
  );

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  const box = page.getByTestId('start-task');
  await box.click();
  await page.keyboard.type('Weather: @mcp:args');
  const popup = page.getByTestId('mention-popup');
  await expect(popup.locator('[data-label="mcp:everything:args-prompt"]')).toBeVisible({ timeout: 30_000 });
  await arrowTo(page, popup, 'mcp:everything:args-prompt');
  await page.keyboard.press('Enter');

  // The arguments form: city is required, state is not; Attach waits for city.
  const form = page.getByTestId('mcp-args-form');
  await expect(form).toBeVisible();
  await expect(form).toContainText('city (required)');
  await expect(form.getByTestId('mcp-arg-city')).toBeFocused();
  await expect(form.getByTestId('mcp-args-attach')).toBeDisabled();
  await expect(form).toContainText('Still needed: city');
  await shootBoth(page, testInfo, 'mcp-prompt-arguments');

  // Escape closes it, back to the list: the text stays as typed.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(box).toHaveValue('Weather: @mcp:args');
  await expect(box).toBeFocused();
  await expect(popup.locator('[data-label="mcp:everything:args-prompt"]')).toBeVisible();

  // Again, filled this time: Enter in a field attaches.
  await arrowTo(page, popup, 'mcp:everything:args-prompt');
  await page.keyboard.press('Tab');
  await form.getByTestId('mcp-arg-city').fill('New York');
  await form.getByTestId('mcp-arg-state').fill('NY');
  await expect(form.getByTestId('mcp-args-attach')).toBeEnabled();
  await form.getByTestId('mcp-arg-state').press('Enter');
  await expect(form).toBeHidden();
  await expect(box).toHaveValue('Weather: @"mcp:everything:args-prompt city=New York state=NY" ');
  await expect(box).toBeFocused();

  // A resource template: its variable is asked for the same way.
  await page.keyboard.type('and @mcp:dynamic/text');
  const template = 'mcp:everything:demo://resource/dynamic/text/{resourceId}';
  await arrowTo(page, popup, template);
  await page.keyboard.press('Enter');
  await expect(form).toContainText('resourceId (required)');
  await form.getByTestId('mcp-arg-resourceId').fill('3');
  await form.getByTestId('mcp-args-attach').click();
  await expect(box).toHaveValue(`Weather: @"mcp:everything:args-prompt city=New York state=NY" and @"${template} resourceId=3" `);

  // Both chips attach without error.
  const chips = page.getByTestId('start-chips');
  await expect(chip(chips, 'mcp:everything:args-prompt city=New York state=NY').getByTestId('context-chip-size')).toHaveText(/^~\d+ tokens?$/);
  await expect(chip(chips, `${template} resourceId=3`).getByTestId('context-chip-size')).toHaveText(/^~\d+ tokens?$/);
  await expect(chips.getByTestId('context-chip-error')).toHaveCount(0);
  await shootBoth(page, testInfo, 'mcp-prompt-chips');

  // The session's first request carries the prompt with its arguments and the template's resource.
  await page.getByTestId('start-submit').click();
  await expect.poll(() => first !== null, { timeout: 30_000 }).toBe(true);
  const sent = JSON.stringify(first!.body.messages);
  expect(sent).toContain("What's weather in New York, NY?");
  expect(sent).toContain('Resource 3: This is a plaintext resource');
});
