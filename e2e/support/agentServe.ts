import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOpenAiTestServer, type OpenAiTestServer, type OpenAiTestServerOptions } from '../../src/testing/openaiTestServer';
import { serve, type Served } from './serve';

/**
 * `akira serve` on a folder with its model pointed at the repo's scripted OpenAI-compatible server, for
 * e2e specs of the agent UI. Script the model with `model.enqueue(reply.toolCall(…), …)` (see
 * src/testing/openaiReplies.ts and agentSession.test.ts for whole sessions).
 *
 *   const {served, model, stop} = await serveWithModel(repo, {settings: {agent: {policy: …}}});
 */

export interface ServedWithModel {
  served: Served;
  model: OpenAiTestServer;
  stop(): Promise<void>;
}

export interface ServeWithModelOptions {
  /** Written to the workspace's `.akira/settings.json` (e.g. `{agent: {mode, policy}}`). */
  workspaceSettings?: Record<string, unknown>;
  server?: OpenAiTestServerOptions;
  env?: NodeJS.ProcessEnv;
}

export async function serveWithModel(folder: string, options: ServeWithModelOptions = {}): Promise<ServedWithModel> {
  const model = await startOpenAiTestServer(options.server);
  if (options.workspaceSettings) {
    mkdirSync(join(folder, '.akira'), { recursive: true });
    writeFileSync(join(folder, '.akira', 'settings.json'), JSON.stringify(options.workspaceSettings, null, 2));
  }
  const served = await serve(folder, { OPENAI_BASE_URL: model.baseURL, AKIRA_MODEL: 'test-model', OPENAI_API_KEY: 'sk-test', ...options.env });
  return {
    served,
    model,
    async stop() {
      await served.stop();
      await model.close();
    },
  };
}
