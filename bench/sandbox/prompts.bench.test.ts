// Prompts per session, before and after the sandbox (issue 26, "Fewer questions inside the sandbox").
// Run: npm run bench:sandboxPrompts
//
// Real scripted agent sessions through the real core (src/testing/agentKit.ts, the scripted OpenAI-compatible server)
// under the DEFAULT policy (code-dev mode, no autoApprove.command), each run twice in a fresh workspace:
//   before   agent.sandbox.mode 'off': commands run bare, the policy asks for whatever no allow entry covers
//   after    the default settings (mode 'auto'; bubblewrap here): commands run in the OS sandbox, and
//            autoApprove.sandboxedCommand (default on) lets what would ask only for lacking an allow entry run
// Every approval_requested is approved (agent.approve) and counted, so that both runs run the same commands to the
// end. Per session and in total: commands run, prompts before and after (commands, and all prompts with the file
// changes, which ask in both), the reduction, and the commands that still ask inside the sandbox with the verdict's
// reason. Skips with the reason printed when bubblewrap (or socat) is missing (sandboxKit's realSandbox).
//
// The sessions reuse the command lines of the project's scripted sessions and tests: e2e/support/agentScripts.ts
// (greetSession: `cat greet.txt`), the orchestrator and policy tests (`npm test`, `node -e …`, `wc -l a.txt`,
// `git status --short`, `rm -rf src`, `git reset --hard`, `echo 'Port: 9191' >> notes.md && cat notes.md`,
// `python3 -c …`, `node check.js`, `curl …`), and the sandbox escapes of the built-CLI test (a write outside).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { greetSession, plan, verdict, type PlannedTodo } from '../../e2e/support/agentScripts';
import type { AgentEventOf } from '../../src/shared/contract';
import { startAgentKit } from '../../src/testing/agentKit';
import { reply } from '../../src/testing/openaiReplies';
import type { ReplyScript } from '../../src/testing/openaiTestServer';
import { realSandbox } from '../../src/testing/sandboxKit';

const log = (...a: unknown[]) => process.stdout.write(`${a.join(' ')}\n`);

interface ScriptedTodo extends PlannedTodo {
  /** The model's tool calls for this TODO, one per reply, before it marks the TODO done. */
  calls: ReplyScript[];
}

interface Session {
  name: string;
  task: string;
  files: Record<string, string>;
  script: () => ReplyScript[];
}

const cmd = (command: string) => reply.toolCall('run_command', { command });

/** plan → per TODO: its calls, update_todo done, the reviewer's approval → the task's approval. */
function scripted(todos: ScriptedTodo[]): () => ReplyScript[] {
  return () => [
    plan(todos.map(({ id, description, expectedResult }) => ({ id, description, expectedResult }))),
    ...todos.flatMap((t) => [...t.calls, reply.toolCall('update_todo', { id: t.id, status: 'done', result: `did ${t.id}` }), verdict(t.id)]),
    verdict('task', true, 'all done', 0.95),
  ];
}

const NODE_PROJECT = {
  'package.json': JSON.stringify({ name: 'sum', version: '1.0.0', private: true, scripts: { test: 'node test.js' } }, null, 2) + '\n',
  'src/sum.js': 'exports.sum = (a, b) => a - b;\n',
  'test.js': "const assert = require('node:assert');\nconst { sum } = require('./src/sum');\nassert.strictEqual(sum(2, 3), 5);\nconsole.log('ok');\n",
  'README.md': '# sum\n',
  'dist/sum.js': '// built\n',
};

/** A folder outside the workspace for the escape of the built-CLI test (`echo made > outside/ok.txt`); not under /tmp (the sandbox's /tmp is its own). */
const OUTSIDE = join('/var/tmp', `akira-prompts-bench-${process.pid}`);

const SESSIONS: Session[] = [
  {
    // e2e/support/agentScripts.ts greetSession, as the e2e specs run it.
    name: 'greet (e2e greetSession)',
    task: 'Greet the world',
    files: { 'README.md': '# greet\n' },
    script: () => greetSession(),
  },
  {
    name: 'fix a failing test (node)',
    task: 'sum(2, 3) should be 5: fix it',
    files: NODE_PROJECT,
    script: scripted([
      {
        id: 'look',
        description: 'Find the failing test',
        expectedResult: 'the cause is known',
        calls: [cmd('ls -la'), cmd('cat package.json'), cmd('grep -rn "sum" src test.js'), cmd('npm test')],
      },
      {
        id: 'fix',
        description: 'Fix sum',
        expectedResult: 'npm test passes',
        calls: [cmd("sed -i 's/a - b/a + b/' src/sum.js"), cmd('npm test'), cmd('npm test | tail'), cmd('git status --short'), cmd('git diff')],
      },
    ]),
  },
  {
    name: 'scripts and notes (node, python)',
    task: 'Add a check script and note the port',
    files: { ...NODE_PROJECT, 'a.txt': 'one\ntwo\n' },
    script: scripted([
      {
        id: 'script',
        description: 'Add scripts/check.js and run it',
        expectedResult: 'node scripts/check.js prints ok',
        calls: [
          cmd('mkdir -p scripts'),
          reply.toolCall('write_file', { path: 'scripts/check.js', content: "console.log('ok');\n" }),
          cmd('node scripts/check.js'),
          cmd('node -e "console.log(1)"'),
          cmd(`python3 -c 'print(sum(range(10)))'`),
        ],
      },
      {
        id: 'notes',
        description: 'Note the port in notes.md',
        expectedResult: 'notes.md says Port: 9191',
        calls: [cmd("echo 'Port: 9191' >> notes.md && cat notes.md"), cmd('wc -l a.txt'), cmd('pwd && cat a.txt'), cmd('git log --oneline -3'), cmd('git status')],
      },
    ]),
  },
  {
    name: 'clean, fetch, reset',
    task: 'Clean the build, check the registry, start over',
    files: NODE_PROJECT,
    script: scripted([
      {
        id: 'clean',
        description: 'Remove the build folder and check the network',
        expectedResult: 'dist is gone; the registry answers',
        calls: [
          cmd('rm -rf dist'),
          cmd("curl -sS -m 10 -o /dev/null -w '%{http_code}' https://registry.npmjs.org/"),
          cmd("curl -sS -m 10 -o /dev/null -w '%{http_code}' https://example.com/"),
          cmd(`echo made > ${OUTSIDE}/ok.txt`),
        ],
      },
      {
        id: 'reset',
        description: 'Start over from the last commit',
        expectedResult: 'the tree is as committed',
        calls: [cmd('npm test && rm -rf src'), cmd('git reset --hard'), cmd('git status --short')],
      },
    ]),
  },
];

interface Prompt {
  kind: string;
  what: string;
  reason: string;
  destructive: boolean;
}

interface Run {
  commands: { command: string; exitCode: number | null }[];
  prompts: Prompt[];
  sandbox: { available: boolean; mode: string };
}

async function runSession(session: Session, sandbox: 'off' | 'default'): Promise<Run> {
  rmSync(OUTSIDE, { recursive: true, force: true });
  mkdirSync(OUTSIDE, { recursive: true });
  const kit = await startAgentKit({
    files: session.files,
    gitRepo: true,
    settings: sandbox === 'off' ? { agent: { sandbox: { mode: 'off' } } } : {},
  });
  const prompts: Prompt[] = [];
  const approvals: Promise<unknown>[] = [];
  const stop = kit.core.bus.on('agent.onEvent', (e) => {
    if (e.type !== 'approval_requested') return;
    const a = e as AgentEventOf<'approval_requested'>;
    prompts.push({
      kind: a.kind,
      what: a.command?.command ?? a.change?.path ?? a.tool?.name ?? '',
      reason: a.command?.reason ?? a.reason,
      destructive: a.command?.destructive ?? false,
    });
    approvals.push(kit.call('agent.approve', { sessionId: a.sessionId, changeId: String(a.changeId) }));
  });
  try {
    const status = await kit.call('agent.sandbox', {});
    kit.server.enqueue(...session.script());
    await kit.call('agent.start', { task: session.task });
    await kit.waitForEvent('session_completed', undefined, 300_000);
    await Promise.all(approvals);
    kit.server.assertDone();
    const commands = kit.ofType('command_finished').map((c) => ({ command: c.command, exitCode: c.exitCode }));
    return { commands, prompts, sandbox: { available: status.available, mode: status.mode } };
  } finally {
    stop();
    await kit.close();
  }
}

const ratio = (before: number, after: number) => (before ? `${(((before - after) / before) * 100).toFixed(0)}% fewer (x${(after / before).toFixed(2)})` : 'n/a');

it('prompts per scripted session, without and with the OS sandbox', async () => {
  const { skip } = await realSandbox();
  if (skip) {
    log(`skipped: ${skip}`);
    return;
  }
  const rows: string[] = [];
  const stillAsk: string[] = [];
  const outcomes: string[] = [];
  const total = { commands: 0, cmdBefore: 0, cmdAfter: 0, allBefore: 0, allAfter: 0 };
  try {
    for (const session of SESSIONS) {
      const before = await runSession(session, 'off');
      const after = await runSession(session, 'default');
      expect(before.sandbox.available).toBe(false);
      expect(after.sandbox.available).toBe(true);
      // The same commands ran to the end both times.
      expect(after.commands.map((c) => c.command)).toEqual(before.commands.map((c) => c.command));
      const cmdBefore = before.prompts.filter((p) => p.kind === 'command').length;
      const cmdAfter = after.prompts.filter((p) => p.kind === 'command').length;
      const n = before.commands.length;
      total.commands += n;
      total.cmdBefore += cmdBefore;
      total.cmdAfter += cmdAfter;
      total.allBefore += before.prompts.length;
      total.allAfter += after.prompts.length;
      rows.push(
        `${session.name.padEnd(34)} ${String(n).padStart(8)} ${String(cmdBefore).padStart(10)} ${String(cmdAfter).padStart(9)}   ${ratio(cmdBefore, cmdAfter).padEnd(18)} ${String(before.prompts.length).padStart(10)} ${String(after.prompts.length).padStart(9)}`,
      );
      for (const p of after.prompts) stillAsk.push(`${session.name}: [${p.kind}${p.destructive ? ', destructive' : ''}] ${p.what} — ${p.reason}`);
      before.commands.forEach((b, i) => {
        const a = after.commands[i];
        const prompt = (r: Run) => r.prompts.find((p) => p.kind === 'command' && p.what === b.command);
        const asked = (r: Run) => (prompt(r) ? 'asked' : 'ran  ');
        const why = prompt(before) ? `   (before: ${prompt(before)!.reason})` : '';
        outcomes.push(`${b.command.slice(0, 78).padEnd(78)} before: ${asked(before)} exit ${b.exitCode}   after: ${asked(after)} exit ${a.exitCode}${why}`);
      });
    }
  } finally {
    rmSync(OUTSIDE, { recursive: true, force: true });
  }
  const out = [
    `Default policy (code-dev), every prompt approved; before: agent.sandbox.mode off, after: default settings (sandboxed). Node ${process.version}`,
    '',
    `${'session'.padEnd(34)} ${'commands'.padStart(8)} ${'cmd before'.padStart(10)} ${'cmd after'.padStart(9)}   ${'reduction'.padEnd(18)} ${'all before'.padStart(10)} ${'all after'.padStart(9)}`,
    ...rows,
    `${'total'.padEnd(34)} ${String(total.commands).padStart(8)} ${String(total.cmdBefore).padStart(10)} ${String(total.cmdAfter).padStart(9)}   ${ratio(total.cmdBefore, total.cmdAfter).padEnd(18)} ${String(total.allBefore).padStart(10)} ${String(total.allAfter).padStart(9)}`,
    `all prompts (commands and file changes): ${ratio(total.allBefore, total.allAfter)}`,
    '',
    'Still asking inside the sandbox (the verdict\'s reason):',
    ...stillAsk.map((s) => `  ${s}`),
    '',
    'Each command, before and after (asked or ran without a question; exit code):',
    ...outcomes.map((s) => `  ${s}`),
  ].join('\n');
  log(out);
  const outDir = resolve(__dirname, '..', '..', 'test-results', 'bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'sandboxPrompts.txt'), `${out}\n`);
});
