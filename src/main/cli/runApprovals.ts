import { approvalOf, type AgentEvent, type AgentEventOf, type CommandInput, type CommandName } from '../../shared/contract';
import { cliText, type CliIo } from './io';
import { changeDiff, colorDiff, styler } from './runFormat';
import { runStrings } from './runStrings';
import { reasonFields, reasonIn, sessionReasons, wordsReason } from '../../shared/errors';

/**
 * How `akira run` answers what a session waits for, through the same commands as every face
 * (agent.approve / agent.reject / agent.approvePlan / agent.answer / agent.pause):
 *
 * | waits for                     | a person at a terminal | batch with --yes | batch without --yes |
 * | ---                           | ---                    | ---              | ---                 |
 * | a file change (or a read)     | prompt (y / n + reason), or approved at once with --yes | approved | pause |
 * | a command the policy asks for | prompt, or approved with --yes | approved | pause |
 * | a destructive command         | prompt (even with --yes) | rejected: refused in batch | pause |
 * | a change to Akira's own project files (settings, modes, mcp.json, rules) | prompt (even with --yes), saying what it steers | rejected: refused in batch | pause |
 * | a command the sandbox blocked | prompt: allow for the session / workspace / globally, run outside, or keep blocked | kept blocked (--yes never lets a command out) | kept blocked |
 * | the plan                      | prompt (y / n + feedback), or approved with --yes | approved | pause |
 * | a mode switch the model asks for (switch_mode) | prompt (y / n + reason), or approved with --yes | approved | pause |
 * | a failed TODO's question      | prompt (retry / skip / edit / stop) | stop | stop |
 *
 * Denied commands never ask (the policy refuses them and the model is told). A pause ends `akira run`
 * with exit 1 and says how to resume. Prompts are asked one at a time, on stderr.
 */

export interface RunApprovalsOptions {
  io: CliIo;
  yes: boolean;
  /** A person can answer (stdin and stderr are terminals). */
  interactive: boolean;
  /** --json: the diff is not on stdout, so prompts show it. */
  json: boolean;
  call<N extends CommandName>(name: N, params: CommandInput<N>): Promise<unknown>;
  /** The command that resumes the session (`akira run --resume <id> …`). */
  resumeCommand(sessionId: string): string;
}

export function createRunApprovals(options: RunApprovalsOptions) {
  const { io } = options;
  const s = styler(io.tty.stderr);
  const t = cliText(io, runStrings);
  let chain: Promise<void> = Promise.resolve();

  const enqueue = (job: () => Promise<void>) => {
    chain = chain.then(job).catch((err: unknown) => io.err(`akira: ${(err as Error).message}\n`));
  };

  /** Asks until the answer is one of `choices` (a word or its key letter); null when input ended. */
  async function choose<C extends string>(question: string, choices: Record<C, string>): Promise<C | null> {
    const entries = Object.entries(choices) as [C, string][];
    for (let i = 0; i < 5; i++) {
      const answer = (await io.ask(question)).trim().toLowerCase();
      const pick = entries.find(([word, key]) => answer === word || answer === key);
      if (pick) return pick[0];
      if (!answer && i >= 1) return null;
    }
    return null;
  }

  /** No one can answer: says so, and pauses the session with the reason in words (`awaited`: its kind and name). */
  async function pause(sessionId: string, what: string, awaited: [kind: string, name: string]) {
    io.err(`${s('yellow', t.waitingForApproval)}${t.noOneToAnswer(what)}\n`);
    await options.call('agent.pause', { sessionId, ...reasonFields(sessionReasons.noOneToApprove(...awaited, options.resumeCommand(sessionId))) });
  }

  async function approval(e: AgentEventOf<'approval_requested'>) {
    const { sessionId } = e;
    const { changeId, kind, change, command, tool, mode, protected: steersWhat, protectedWords } = approvalOf(e);
    const destructive = kind === 'command' && command?.destructive === true;
    const steers = kind === 'change' && typeof steersWhat === 'string' ? steersWhat : null;
    const name = kind === 'command' ? (command?.command ?? '') : kind === 'read' || kind === 'mcp' ? (tool?.name ?? '') : kind === 'mode' ? (mode?.to ?? '') : (change?.path ?? '');
    const what = kind === 'command' ? t.theCommand(name) : kind === 'read' ? t.aRead(name) : kind === 'mcp' ? t.theMcpTool(name) : kind === 'mode' ? t.aModeSwitch(mode?.from ?? '', name) : t.aChangeTo(name);
    const language = io.language ?? 'en';
    if (kind === 'sandbox') return sandboxBlocked(e);
    if (options.yes && !destructive && !steers) return void (await options.call('agent.approve', { sessionId, changeId }));
    if (!options.interactive) {
      if (destructive && options.yes) return void (await options.call('agent.reject', { sessionId, changeId, ...wordsReason(sessionReasons.batchRefusedCommand) }));
      if (steers && options.yes) return void (await options.call('agent.reject', { sessionId, changeId, ...wordsReason(sessionReasons.batchRefusedChange(change?.path ?? '')) }));
      return pause(sessionId, what, [kind, name]);
    }
    if (steers) io.err(`  ${s('red', t.thisChanges(reasonIn(steers, protectedWords, language)))}\n`);
    if (kind === 'change' && options.json && change) io.err(`${colorDiff(changeDiff(change, io.language), io.tty.stderr, 200, io.language)}\n`);
    if (kind === 'mcp' && tool) io.err(`  ${s('bold', tool.name)} ${s('dim', tool.input)}\n`);
    if (kind === 'mode' && mode) io.err(`  ${s('bold', `${mode.from} → ${mode.to}`)} ${s('dim', mode.reason)}\n`);
    if (kind === 'command' && command) {
      // why it asks, in the person's language: the command's words, else the notice's when it says the same
      const why = reasonIn(command.reason, command.reasonWords ?? (e.reason === command.reason ? e.reasonWords : undefined), language);
      io.err(`  ${s('bold', '$')} ${command.command}${command.cwd ? s('dim', t.inDir(command.cwd)) : ''}\n  ${s(destructive ? 'red' : 'dim', why)}\n`);
    }
    const prefix = kind === 'command' ? command?.allowPrefix : undefined;
    const pick = prefix
      ? await choose(`${s('yellow', '?')} ${t.approveWhatAlways(what, prefix)}`, { yes: 'y', no: 'n', always: 'a' })
      : await choose(`${s('yellow', '?')} ${t.approveWhat(what)}`, { yes: 'y', no: 'n' });
    if (pick === null) return pause(sessionId, what, [kind, name]);
    if (pick === 'yes') return void (await options.call('agent.approve', { sessionId, changeId }));
    if (pick === 'always') {
      await options.call('agent.approve', { sessionId, changeId, alwaysAllow: true });
      return void io.err(`  ${s('dim', t.onAllowList(prefix ?? ''))}\n`);
    }
    const said = (await io.ask(t.why)).trim();
    await options.call('agent.reject', { sessionId, changeId, ...(said ? { reason: said } : wordsReason(sessionReasons.userRejected)) });
  }

  /** A command the OS sandbox blocked: only a person allows it; nobody at a terminal means it stays blocked, and the session goes on. */
  async function sandboxBlocked(e: AgentEventOf<'approval_requested'>) {
    const { sessionId, changeId, sandbox } = e;
    const keep = () => options.call('agent.reject', { sessionId, changeId, ...wordsReason(sessionReasons.keptBlocked) });
    if (!options.interactive || !sandbox) return void (await keep());
    const lines = sandbox.blocked.map((b) => `    ✗ ${b.kind === 'network' ? t.blockedConnection(b.host, b.port) : b.kind === 'write' ? t.blockedWrite(b.path) : t.blockedRead(b.path)}`);
    io.err(`  ${s('yellow', t.sandboxBlockedHead(sandbox.command))}\n${lines.join('\n')}\n`);
    const grant = [...sandbox.grant.network, ...sandbox.grant.allowWrite, ...sandbox.grant.allowRead];
    if (grant.length) io.err(`  ${s('dim', t.sandboxAllowWhat(grant.join(', ')))}\n`);
    const pick = grant.length
      ? await choose(`${s('yellow', '?')} ${t.sandboxChoose}`, { session: 's', workspace: 'w', global: 'g', outside: 'o', keep: 'k' })
      : await choose(`${s('yellow', '?')} ${t.sandboxChooseOutside}`, { outside: 'o', keep: 'k' });
    if (pick === null || pick === 'keep') {
      await options.call('agent.reject', { sessionId, changeId, ...wordsReason(sessionReasons.userKeptBlocked) });
      return void io.err(`  ${s('dim', t.sandboxKept)}\n`);
    }
    await options.call('agent.approve', { sessionId, changeId, sandbox: pick });
  }

  async function plan(e: AgentEventOf<'plan_approval_requested'>) {
    const { sessionId } = e;
    if (options.yes) return void (await options.call('agent.approvePlan', { sessionId, approved: true }));
    if (!options.interactive) return pause(sessionId, t.thePlan, ['plan', '']);
    if (options.json) {
      for (const [i, todo] of e.todos.entries()) {
        io.err(`  ${i + 1}. ${todo.id} ${todo.description}\n     ${t.expect(todo.expectedResult)}\n`);
      }
    }
    const pick = await choose(`${s('yellow', '?')} ${t.approvePlan}`, { yes: 'y', no: 'n' });
    if (pick === null) return pause(sessionId, t.thePlan, ['plan', '']);
    if (pick === 'yes') return void (await options.call('agent.approvePlan', { sessionId, approved: true }));
    const feedback = (await io.ask(t.whatShouldChange)).trim();
    await options.call('agent.approvePlan', { sessionId, approved: false, feedback });
  }

  async function question(e: AgentEventOf<'question'>) {
    const { sessionId, questionId } = e;
    if (!options.interactive) {
      io.err(`${s('red', e.text)}\n${t.noOneToAsk}\n`);
      return void (await options.call('agent.answer', { sessionId, questionId, choice: 'stop' }));
    }
    io.err(`${s('red', e.text)}\n`);
    const pick = (await choose(`${s('yellow', '?')} ${t.questionChoices}`, { retry: 'r', skip: 's', edit: 'e', stop: 't' })) ?? 'stop';
    if (pick === 'edit') {
      const description = (await io.ask(t.newDescription)).trim();
      const expectedResult = (await io.ask(t.newExpected)).trim();
      const todo = { ...(description ? { description } : {}), ...(expectedResult ? { expectedResult } : {}) };
      return void (await options.call('agent.answer', { sessionId, questionId, choice: 'edit', todo }));
    }
    await options.call('agent.answer', { sessionId, questionId, choice: pick });
  }

  return {
    handle(e: AgentEvent) {
      if (e.type === 'approval_requested') enqueue(() => approval(e));
      else if (e.type === 'plan_approval_requested') enqueue(() => plan(e));
      else if (e.type === 'question') enqueue(() => question(e));
    },
  };
}
