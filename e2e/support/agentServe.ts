import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { startOpenAiTestServer, type OpenAiTestServer, type OpenAiTestServerOptions } from '../../src/testing/openaiTestServer';
import { serve, type Served } from './serve';

/**
 * `akira serve` on a folder with its model pointed at the repo's scripted OpenAI-compatible server, for
 * e2e specs of the agent UI. Script the model with `model.enqueue(reply.toolCall(…), …)` (see
 * src/testing/openaiReplies.ts and agentSession.test.ts for whole sessions).
 *
 *   const {served, model, dataDir, stop} = await serveWithModel(repo, {globalSettings: {agent: {policy: …}}});
 */

export interface ServedWithModel {
  served: Served;
  model: OpenAiTestServer;
  dataDir: string;
  stop(): Promise<void>;
}

export interface ServeWithModelOptions {
  /** Written to the workspace's `.akira/settings.json` (e.g. `{agent: {mode, policy}}`). */
  workspaceSettings?: Record<string, unknown>;
  /** Written to the data folder's `settings.json` (global settings: the only place that can loosen the policy). */
  globalSettings?: Record<string, unknown>;
  server?: OpenAiTestServerOptions;
  env?: NodeJS.ProcessEnv;
  /** Something between the app and the model (e.g. support/pacedProxy.ts): gets the model's base URL, answers the one the app uses. */
  wrapModel?: (baseURL: string) => Promise<{ baseURL: string; close(): Promise<void> }>;
}

export async function serveWithModel(folder: string, options: ServeWithModelOptions = {}): Promise<ServedWithModel> {
  const model = await startOpenAiTestServer(options.server);
  const wrapper = options.wrapModel ? await options.wrapModel(model.baseURL) : null;
  if (options.workspaceSettings) {
    mkdirSync(join(folder, '.akira'), { recursive: true });
    writeFileSync(join(folder, '.akira', 'settings.json'), JSON.stringify(options.workspaceSettings, null, 2));
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-data-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(options.globalSettings ?? {}, null, 2));
  const served = await serve(folder, {
    AKIRA_DATA_DIR: dataDir,
    OPENAI_BASE_URL: wrapper?.baseURL ?? model.baseURL,
    AKIRA_MODEL: 'test-model',
    OPENAI_API_KEY: 'sk-test',
    ...options.env,
  });
  return {
    served,
    model,
    dataDir,
    async stop() {
      await served.stop();
      await wrapper?.close();
      await model.close();
    },
  };
}

/**
 * For a spec whose tests serve one app each: call it at the top of the spec; it answers `serveWithModel`, and what
 * that served is stopped after each test.
 *
 *   const serveForTest = serveWithModelEachTest();
 *   test('…', async ({page}) => { const app = await serveForTest(repo, {globalSettings: …}); … });
 */
export function serveWithModelEachTest(): (folder: string, options?: ServeWithModelOptions) => Promise<ServedWithModel> {
  let app: ServedWithModel | null = null;
  test.afterEach(async () => {
    await app?.stop();
    app = null;
  });
  return async (folder, options) => (app = await serveWithModel(folder, options));
}

/** One command of the served app's HTTP API (`POST /api/<method>` with its token), answered 200: its result. */
export async function callApi(page: import('@playwright/test').Page, app: ServedWithModel, method: string, data: Record<string, unknown>) {
  const s = app.served;
  const answer = await page.request.post(`${s.origin}/api/${method}`, { headers: { Authorization: `Bearer ${s.token}` }, data });
  if (answer.status() !== 200) throw new Error(`${method} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()).result;
}
