import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../src/testing/openaiTestServer';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

const KEY = 'sk-e2e-secret-0123456789-wxyz';

let served: Served | null = null;
let model: OpenAiTestServer | null = null;

test.afterEach(async () => {
  await served?.stop();
  await model?.close();
  served = null;
  model = null;
});

/** Every file under a folder (the workspace), path → content. */
function filesUnder(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === '.git') continue;
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.set(path, readFileSync(path, 'utf8'));
  }
  return out;
}

const fieldError = (page: Page, path: string) => page.locator(`.st-field[data-path="${path}"] [data-testid="field-error"]`);

test('settings: preset, a bad limit refused next to its field, API key set write-only, test connection', async ({ page }, testInfo) => {
  test.slow(); // the longest walk through Settings: three saves in two scopes, a reload
  const repo = makeFixtureRepo();
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-e2e-data-'));
  model = await startOpenAiTestServer({ apiKey: KEY, models: ['coder-7b', 'test-model'] });
  // No model from the machine's environment: everything here comes from the settings view.
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', AKIRA_MODEL: '' });

  const received: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => received.push(String(frame.payload))));

  await page.goto(served.url);
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings');
  await expect(settings).toBeVisible();
  await expect(page.getByTestId('model-config-error')).toHaveText('No model is set yet: pick a provider, then fill in the base URL and the model below, and Save.');
  await expect(page.getByTestId('api-key-status')).toHaveText('not set');
  // No model anywhere: the per-model settings wait for one, and say so.
  await expect(page.getByTestId('settings-per-model-note')).toHaveText('Name a model above to give it its own settings (no model is configured yet).');
  await expect(page.getByTestId('settings-temperature')).toBeDisabled();
  await expect(page.getByTestId('settings-vision')).toBeDisabled();
  await page.getByTestId('settings-per-model').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-generation-no-model.png') });

  // Ollama preset fills the base URL.
  await page.getByTestId('settings-preset').selectOption('ollama');
  await expect(page.getByTestId('settings-base-url')).toHaveValue('http://127.0.0.1:11434/v1');
  await page.getByTestId('settings-model').fill('qwen2.5-coder:7b');

  // A limit out of range: said next to that field as it is typed (in words), Save refuses it, nothing is written.
  await page.getByTestId('settings-limit-maxToolLoopsPerTodo').fill('500');
  await expect(fieldError(page, 'agent.policy.limits.maxToolLoopsPerTodo')).toHaveText('Max tool loops per TODO must be a whole number from 1 to 200');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Not saved: a field above needs fixing (marked in red; the first one has the focus).');
  await fieldError(page, 'agent.policy.limits.maxToolLoopsPerTodo').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-invalid-limit.png') });
  expect(() => readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toThrow(); // recent folders only
  expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).model).toBeUndefined();

  // Fixed: the message goes away and the save lands in the global settings.
  await page.getByTestId('settings-limit-maxToolLoopsPerTodo').fill('40');
  await expect(fieldError(page, 'agent.policy.limits.maxToolLoopsPerTodo')).toHaveCount(0);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(`Saved to ${join(dataDir, 'settings.json')}.`);
  const saved = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'));
  expect(saved.model).toEqual({ baseURL: 'http://127.0.0.1:11434/v1', model: 'qwen2.5-coder:7b' });
  expect(saved.agent.policy).toEqual({ limits: { maxToolLoopsPerTodo: 40 } });
  expect(saved.recentFolders).toEqual([repo]);
  await expect(page.getByTestId('model-config-error')).toHaveCount(0);

  // Test the connection against the scripted server (it wants a key we have not saved yet).
  await page.getByTestId('settings-preset').selectOption('custom');
  await page.getByTestId('settings-base-url').fill(model.baseURL);
  await page.getByTestId('settings-model').fill('test-model');
  await page.getByTestId('settings-test').click();
  const result = page.getByTestId('settings-test-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('refused the API key (401)');
  await expect(result).toContainText('This server wants an API key');

  // Save the key: the page shows only its last characters.
  await page.getByTestId('api-key-input').fill(KEY);
  await page.getByTestId('api-key-save').click();
  // A key is saved for the server of the base URL in the form (the test server typed above).
  await expect(page.getByTestId('api-key-status')).toHaveText(/^set \(…wxyz\) — saved for http:\/\/127\.0\.0\.1:\d+$/);
  await expect(page.getByTestId('api-key-input')).toHaveCount(0);
  expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);

  model.enqueue(reply.text('OK'));
  await page.getByTestId('settings-test').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText(/Connected to http:\/\/127\.0\.0\.1:\d+\/v1: 2 models listed; test-model answered in \d+ ms: “OK”/);
  await expect(page.getByTestId('settings-test-models')).toHaveText('Models: coder-7b, test-model');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(/^Saved to /);
  expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).model).toEqual({ baseURL: model.baseURL, model: 'test-model' });

  await page.locator('.st-body').evaluate((el) => el.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('settings.png') });

  // The workspace scope cannot make the agent ask less: refused next to the switch.
  await page.getByTestId('settings-scope-workspace').click();
  await page.getByTestId('settings-auto-write').check();
  await page.getByTestId('settings-save').click();
  await expect(fieldError(page, 'agent.policy.autoApprove.write')).toContainText('A workspace can only turn approvals on');
  await page.getByTestId('settings-auto-write').uncheck();
  await expect(fieldError(page, 'agent.policy.autoApprove.write')).toHaveCount(0);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(`Saved to ${join(repo, '.akira', 'settings.json')}.`);
  expect(JSON.parse(readFileSync(join(repo, '.akira', 'settings.json'), 'utf8'))).toEqual({ agent: { policy: { autoApprove: { write: false } } } });
  await page.getByTestId('settings-scope-global').click();
  // Mode switches the model asks for (switch_mode, issue 25) can go through without asking: a switch like the others.
  await expect(page.getByTestId('settings-auto-modeSwitch')).not.toBeChecked();
  await page.getByTestId('settings-auto-modeSwitch').check();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(/^Saved to /);
  expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).agent.policy.autoApprove).toEqual({ modeSwitch: true });

  // The key never came back to the page: not in any frame received, not in the DOM (even after a reload).
  expect(received.length).toBeGreaterThan(5);
  expect(received.filter((f) => f.includes(KEY))).toEqual([]);
  expect(received.some((f) => f.includes('…wxyz'))).toBe(true);
  expect(await page.content()).not.toContain(KEY);
  await page.reload();
  await page.getByTestId('open-settings').click();
  // A key is saved for the server of the base URL in the form (the test server typed above).
  await expect(page.getByTestId('api-key-status')).toHaveText(/^set \(…wxyz\) — saved for http:\/\/127\.0\.0\.1:\d+$/);
  expect(await page.content()).not.toContain(KEY);
  expect(received.filter((f) => f.includes(KEY))).toEqual([]);
  // Nor in the workspace.
  for (const [path, content] of filesUnder(repo)) expect(content, path).not.toContain(KEY);

  // Clear it.
  await page.getByTestId('api-key-clear').click();
  await expect(page.getByTestId('api-key-status')).toHaveText('not set');
  expect(model.errors).toEqual([]);
});

test('settings: per-model generation settings for the model in effect, checked as typed, kept on reload and in the file', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-e2e-data-'));
  const file = join(dataDir, 'settings.json');
  // The model comes from the environment (the "mock (environment)"); the file has other things to keep.
  const before = {
    model: { timeoutSeconds: 90 },
    models: { mock: { jsonMode: true }, other: { maxTokens: 512, vision: true } },
    agent: { policy: { limits: { maxToolLoopsPerTodo: 40 } } },
    trustedModelServers: ['http://127.0.0.1:9'],
    notForTheView: { kept: true },
  };
  writeFileSync(file, JSON.stringify(before, null, 2));
  const fileNow = () => {
    const { recentFolders: _recent, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return rest;
  };
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir, OPENAI_API_KEY: '', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AKIRA_MODEL: 'mock' });

  await page.goto(served.url);
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  await expect(page.getByTestId('settings-model')).toHaveValue('');
  await expect(page.getByTestId('settings-per-model-title')).toHaveText('Settings of mock (environment)');
  await expect(page.getByTestId('settings-per-model-note')).toContainText('these apply to mock, the model in effect (from the environment)');
  await expect(page.getByTestId('settings-json-mode')).toBeEnabled();
  await expect(page.getByTestId('settings-json-mode')).toBeChecked();
  await expect(page.getByTestId('settings-vision')).not.toBeChecked();

  // Out of range: said as it is typed, and Save refuses it (nothing is written).
  await page.getByTestId('settings-temperature').fill('5');
  await expect(fieldError(page, 'models.mock.temperature')).toHaveText('Temperature must be a number from 0 to 2');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Not saved: a field above needs fixing (marked in red; the first one has the focus).');
  expect(fileNow()).toEqual(before);
  await page.getByTestId('settings-per-model').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-generation-invalid.png') });

  await page.getByTestId('settings-temperature').fill('0.3');
  await expect(fieldError(page, 'models.mock.temperature')).toHaveCount(0);
  await page.getByTestId('settings-vision').check();
  await page.getByTestId('settings-context-window').fill('32000');
  // 32000 − 4096 for the answer − 2000 for the tools.
  await expect(page.locator('.st-field[data-path="models.mock.contextWindow"] .st-hint')).toContainText('prompt budget ≈ 25,904 tokens');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(`Saved to ${file}.`);
  expect(fileNow()).toEqual({ ...before, models: { ...before.models, mock: { jsonMode: true, vision: true, temperature: 0.3, contextWindow: 32000 } } });

  // Kept after a reload.
  await page.reload();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-temperature')).toHaveValue('0.3');
  await expect(page.getByTestId('settings-context-window')).toHaveValue('32000');
  await expect(page.getByTestId('settings-vision')).toBeChecked();
  await expect(page.getByTestId('settings-max-tokens')).toHaveValue('');
  await page.getByTestId('settings-per-model').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-generation.png') });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.getByTestId('settings-per-model').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-generation-1100x700.png') });

  // Another model named in the form: its own (empty) entry; back to the model in effect.
  await page.getByTestId('settings-model').fill('qwen');
  await expect(page.getByTestId('settings-per-model-title')).toHaveText('Settings of qwen');
  await expect(page.getByTestId('settings-temperature')).toHaveValue('');
  await page.getByTestId('settings-model').fill('');
  await expect(page.getByTestId('settings-temperature')).toHaveValue('0.3');

  // Emptied: removed from the file, the rest kept.
  await page.getByTestId('settings-temperature').fill('');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText(`Saved to ${file}.`);
  expect(fileNow()).toEqual({ ...before, models: { ...before.models, mock: { jsonMode: true, vision: true, contextWindow: 32000 } } });
});
