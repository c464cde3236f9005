import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { waitFor } from '../../../../testing/waitFor';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// Security regression (item 4): the agent's commands (run_command, a real pty through the real agent
// loop) do not inherit Akira's secrets, so no encoding of them (rev, base64, a dump of the whole
// environment) reaches the session's files or the model. The person's own terminal keeps them.

const unix = process.platform !== 'win32';
const KEY = 'sk-test-secret-9f8e7d6c5b4a3210';
const SAVED = 'sk-saved-in-settings-0a1b2c3d4e5f';
const SECRETS: Record<string, string> = {
  OPENAI_API_KEY: KEY,
  GITHUB_TOKEN: 'ghp_testtoken_A1b2C3d4E5f6G7h8',
  AKIRA_TEST_PRIVATE: 'akira-private-value-77',
  MY_DB_PASSWORD: 'hunter2-db-password-value',
  // Named innocently, but its value is the key saved in Settings.
  INNOCENT_LOOKING: SAVED,
};
const PASSED = { NPM_TOKEN: 'npm_passed_through_value_42' };

/** Every form of `secret` a command could print it in: as is, reversed, base64 (any alignment, wrapped or not). */
function leaks(text: string, secret: string): boolean {
  const reversed = [...secret].reverse().join('');
  const joined = text.replace(/\\n|\\r|[\r\n]/g, '');
  const decoded = [...joined.matchAll(/[A-Za-z0-9+/=]{12,}/g)].flatMap((m) =>
    [0, 1, 2, 3].map((skip) => Buffer.from(m[0].slice(skip), 'base64').toString('latin1')),
  );
  return [text, joined, ...decoded].some((t) => t.includes(secret) || t.includes(reversed));
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });

const COMMAND = [
  'printenv OPENAI_API_KEY | rev',
  'printenv GITHUB_TOKEN | base64',
  'printenv AKIRA_TEST_PRIVATE INNOCENT_LOOKING MY_DB_PASSWORD | rev',
  'env | base64 | tr -d "\\n"; echo',
  'env | rev',
  'echo "passed=$NPM_TOKEN"',
].join('; ');

describe.skipIf(!unix)('run_command environment (security)', () => {
  let kit: AgentKit | null = null;
  const saved = new Map<string, string | undefined>();

  beforeEach(() => {
    for (const [name, value] of Object.entries({ ...SECRETS, ...PASSED })) {
      saved.set(name, process.env[name]);
      process.env[name] = value;
    }
  });
  afterEach(async () => {
    await kit?.close();
    kit = null;
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  async function runAgentCommand(settings: Record<string, unknown>, files: Record<string, string> = {}) {
    kit = await startAgentKit({ settings, files });
    // The kit's model env (base URL, model name) plus the key as Akira's process has it.
    await kit.call('settings.setApiKey', { key: SAVED });
    kit.server.enqueue(
      plan('env'),
      reply.toolCall('run_command', { command: COMMAND }),
      reply.toolCall('update_todo', { id: 'env', status: 'done' }),
      verdict('env'),
      verdict('task'),
    );
    const pty: string[] = [];
    kit.core.bus.on('terminal.onData', ({ data }) => pty.push(data));
    const { sessionId } = await kit.call('agent.start', { task: 'show the environment' });
    await kit.waitForEvent('session_completed', undefined, 30_000);
    const finished = kit.ofType('tool_call_finished').find((e) => e.tool === 'run_command');
    expect(finished, 'the command ran').toBeTruthy();
    const sessionDir = join(kit.root, '.akira', 'sessions', sessionId);
    const logs = await Promise.all((await filesUnder(sessionDir)).map(async (f) => [f, await readFile(f, 'utf8').catch(() => '')] as const));
    return {
      output: pty.join(''),
      result: JSON.stringify(finished),
      files: logs,
      model: kit.server.requests.map((r) => JSON.stringify(r.body)).join('\n'),
    };
  }

  it('keeps keys, AKIRA_* and secret-named variables out of the agent\'s commands: no encoding of them reaches the log, history or model', async () => {
    const run = await runAgentCommand({ agent: { mode: 'autonomous', policy: { autoApprove: { command: true } } } });
    // The command did run and dumped an environment (PATH is there, reversed).
    expect(run.output).toContain([...'PATH='].reverse().join(''));
    for (const [name, value] of Object.entries({ ...SECRETS, ...PASSED })) {
      expect.soft(leaks(run.output, value), `${name} in the pty output`).toBe(false);
      expect.soft(leaks(run.result, value), `${name} in the tool result`).toBe(false);
      expect.soft(leaks(run.model, value), `${name} in what the model was sent`).toBe(false);
      for (const [file, text] of run.files) expect.soft(leaks(text, value), `${name} in ${file}`).toBe(false);
    }
  }, 60_000);

  it('passes the variables of the global passEnv through, and ignores a workspace\'s passEnv', async () => {
    const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { command: true }, commands: { passEnv: ['NPM_TOKEN'] } } } };
    // A project cannot pull secrets into commands.
    const workspace = { '.akira/settings.json': JSON.stringify({ agent: { policy: { commands: { passEnv: ['GITHUB_TOKEN', 'OPENAI_API_KEY', 'INNOCENT_LOOKING'] } } } }) };
    const run = await runAgentCommand(settings, workspace);
    expect(run.output).toContain(`passed=${PASSED.NPM_TOKEN}`);
    for (const [name, value] of Object.entries(SECRETS)) expect(leaks(run.output, value), name).toBe(false);
  }, 60_000);

  it('the person\'s own terminal (terminal.create) keeps the whole environment', async () => {
    kit = await startAgentKit({});
    const pty: string[] = [];
    kit.core.bus.on('terminal.onData', ({ data }) => pty.push(data));
    const { terminalId } = await kit.call('terminal.create', {});
    await kit.call('terminal.write', { terminalId, data: 'printenv OPENAI_API_KEY GITHUB_TOKEN INNOCENT_LOOKING; echo done-$((6*7))\r' });
    await waitFor(() => /done-42/.test(pty.join('')), 'the user terminal\'s output', 10_000);
    const text = pty.join('');
    for (const name of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'INNOCENT_LOOKING']) expect(text, name).toContain(SECRETS[name]);
  });
});
