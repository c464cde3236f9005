import { posix } from 'node:path';
import { basename, unwrapCommand } from './commandWrappers';
import { gitInternalsProblem, loadingVariable, notAsWritten, redirectProblem } from './asWritten';
import { destructiveReason, gitSubcommand, type PathContext } from './destructiveCommands';
import type { Policy } from './policySchema';
import { parseShell, ShellSyntaxError, type Group, type Pipeline, type ShellList, type SimpleCommand, type Word } from './shellParse';
import { plainWords, policyReasons, wordsReason, type ErrorWords, type Words } from '../../../../shared/errors';

/**
 * Decides whether the agent may run a command, ask the user first, or not run it at all.
 *
 *   decideCommand(command, policy, {workspaceRoot?, cwd?}) → {decision: 'allow'|'ask'|'deny', reason, parts}
 *   decideFileChange(kind, policy)                          → {decision: 'allow'|'ask', reason}
 *
 * The line is parsed (shellParse.ts) and every command it runs is decided on its own — parts of `&&`,
 * `||`, `;`, `|`, newlines, `( … )`, `$( … )`, backticks, `bash -c '…'`, `eval`, `xargs …`,
 * `find -exec …` — and the strictest wins (deny > ask > allow). For one command:
 *   1. allow/deny entries match as word prefixes of the command (quotes removed, `env`/`sudo`/`timeout`…
 *      wrappers and VAR=value prefixes peeled, program paths reduced to their name): `git push` matches
 *      `git push origin` but not `git pushx`. The longest matching entry decides; on a tie deny wins.
 *      A deny decision wins over everything else.
 *   2. destructive commands (destructiveCommands.ts, sudo, downloads piped into a shell, writes to
 *      devices, fork bombs) ask, even when allowed or auto-approved;
 *   3. a command that names a path inside `.git` asks, even when allowed or auto-approved (a write into it,
 *      by a redirection or `git … --output=`, is destructive) (asWritten.ts);
 *   4. an allow entry allows the command only as it is written: a redirection to a file, input from outside,
 *      variables such as PATH or GIT_*, running outside the workspace, words computed at run time, paths
 *      outside and options such as git's `-c`, `--output`, `--no-index` or `--ext-diff` make it ask
 *      (asWritten.ts, gitOptions.ts); harmless builtins and bare assignments/redirections likewise;
 *   5. otherwise `autoApprove.command` allows; so does `autoApprove.sandboxedCommand` (default on) for a command that
 *      runs in the OS sandbox (`context.sandboxed`, issue 26); else ask.
 * A line that cannot be parsed asks (and is denied if its leading words match a deny entry).
 */

export type CommandDecision = 'allow' | 'ask' | 'deny';

export interface PartVerdict {
  command: string;
  decision: CommandDecision;
  reason: string;
  /** The reason's words (issue 14): the verdict passes them on as `reasonWords` (for a compound line, `policy.inPart`). */
  words?: Words;
  /** Judged destructive (destructiveCommands.ts, sudo, downloads run, device writes, fork bombs): always asks. */
  destructive?: boolean;
}

export interface CommandVerdict extends PartVerdict {
  reasonWords?: ErrorWords;
  parts: PartVerdict[];
}

export interface CommandContext {
  /** Absolute workspace root; relative paths of `rm -r` are resolved against it (default: a placeholder root). */
  workspaceRoot?: string;
  /** Where the command runs: absolute, or relative to the workspace root (default the root). */
  cwd?: string;
  /** The command runs in the OS sandbox (core/sandbox): `autoApprove.sandboxedCommand` then counts as `autoApprove.command`. */
  sandboxed?: boolean;
}

const RANK: Record<CommandDecision, number> = { allow: 0, ask: 1, deny: 2 };
const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'python', 'python3', 'perl', 'ruby', 'node', 'php', 'source', '.']);
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c']);
const HARMLESS = new Set(['cd', 'pushd', 'popd', 'true', 'false', ':']);
const SAFE_DEVICES = /^\/dev\/(null|zero|stdout|stderr|stdin|tty|random|urandom|fd\/\d+|shm\/.*)$/;
const FORK_BOMB = /([\w:.]+)\s*\(\s*\)\s*\{[^}]*\1\s*\|\s*\1[\s&;]/;
const PLACEHOLDER_ROOT = '/workspace';

interface Pattern {
  text: string;
  words: string[];
}

interface Ctx extends PathContext {
  policy: Policy;
  /** Commands not covered by the allow list run without asking (`autoApprove.command`, or sandboxed), saying `autoWords`. */
  auto: boolean;
  autoWords: Words;
  allow: Pattern[];
  deny: Pattern[];
  parts: PartVerdict[];
}

function patternsOf(list: readonly string[]): Pattern[] {
  const out: Pattern[] = [];
  for (const text of list) {
    try {
      const cmd = parseShell(text).items[0]?.pipeline.commands[0];
      if (cmd?.kind === 'command' && cmd.words.length) out.push({ text, words: normaliseWords(cmd.words.map((w) => w.text)) });
    } catch {
      // the schema refuses patterns that do not parse; nothing to match here
    }
  }
  return out;
}

function normaliseWords(words: string[]): string[] {
  return words.length ? [basename(words[0]), ...words.slice(1)] : words;
}

/** The longest allow or deny entry that is a word prefix of any of the candidates; deny on a tie. */
function matchLists(candidates: string[][], ctx: Ctx): { kind: 'allow' | 'deny'; pattern: string } | null {
  let best: { kind: 'allow' | 'deny'; pattern: string; length: number } | null = null;
  for (const words of candidates) {
    for (const [kind, patterns] of [['deny', ctx.deny], ['allow', ctx.allow]] as const) {
      for (const p of patterns) {
        if (p.words.length > words.length || !p.words.every((w, i) => w === words[i])) continue;
        if (!best || p.words.length > best.length || (p.words.length === best.length && kind === 'deny' && best.kind === 'allow')) {
          best = { kind, pattern: p.text, length: p.words.length };
        }
      }
    }
  }
  return best;
}

export function decideCommand(command: string, policy: Policy, context: CommandContext = {}): CommandVerdict {
  const root = toPosix(context.workspaceRoot ?? PLACEHOLDER_ROOT);
  const cwd = context.cwd ? posix.resolve(root, toPosix(context.cwd)) : root;
  const sandboxAllows = !policy.autoApprove.command && context.sandboxed === true && policy.autoApprove.sandboxedCommand;
  const ctx: Ctx = {
    policy,
    auto: policy.autoApprove.command || sandboxAllows,
    autoWords: sandboxAllows ? policyReasons.runsInSandbox : policyReasons.commandsAutoApproved,
    root,
    cwds: [cwd],
    buildDirs: policy.commands.buildDirs,
    allow: patternsOf(policy.commands.allow),
    deny: patternsOf(policy.commands.deny),
    parts: [],
  };
  const text = command.trim();
  if (!text) return verdict([part('', 'deny', policyReasons.emptyCommand)]);
  if (FORK_BOMB.test(text)) return verdict([part(text, 'ask', policyReasons.forkBomb, true)]);

  let list: ShellList;
  try {
    list = parseShell(text);
  } catch (err) {
    if (!(err instanceof ShellSyntaxError)) throw err;
    const match = matchLists([normaliseWords(text.split(/\s+/))], ctx);
    if (match?.kind === 'deny') return verdict([part(text, 'deny', policyReasons.denyListEntry(match.pattern))]);
    return verdict([part(text, 'ask', policyReasons.notAnalysed(err.message))]);
  }
  walkList(list, ctx.cwds, ctx);
  if (!ctx.parts.length) return verdict([part(text, 'allow', policyReasons.nothingToRun)]);
  return verdict(ctx.parts);
}

/** One part's verdict: its reason in English and in words, from one builder. */
function part(command: string, decision: CommandDecision, words: Words, destructive = false): PartVerdict {
  return { command, decision, reason: words.en, words, ...(destructive ? { destructive } : {}) };
}

function verdict(parts: PartVerdict[]): CommandVerdict {
  // the strictest part speaks; among asks, a destructive one says more than "not on the allow list"
  const weight = (p: PartVerdict) => RANK[p.decision] * 2 + (p.destructive ? 1 : 0);
  const worst = parts.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  const words = !worst.words ? null : parts.length > 1 ? policyReasons.inPart(worst.command, worst.words.key, ...worst.words.values) : worst.words;
  const reason = words ? words.en : parts.length > 1 ? `${worst.command}: ${worst.reason}` : worst.reason;
  return { command: worst.command, decision: worst.decision, reason, ...(words ? { reasonWords: plainWords(words) } : {}), parts };
}

function toPosix(p: string): string {
  return p.replace(/\\/g, '/');
}

/** Walks a list; answers the directories the shell may be in after it. */
function walkList(list: ShellList, cwds: (string | null)[], ctx: Ctx): (string | null)[] {
  let current = cwds;
  for (const { pipeline, op } of list.items) {
    const after = walkPipeline(pipeline, current, ctx);
    // `cd x && …` runs in x; after `;` or `||` the cd may have failed: either place
    current = op === '&&' ? after : [...new Set([...current, ...after])];
  }
  return current;
}

function walkPipeline(pipeline: Pipeline, cwds: (string | null)[], ctx: Ctx): (string | null)[] {
  if (pipeline.commands.length === 1) return walkNode(pipeline.commands[0], cwds, ctx);
  pipeline.commands.forEach((node) => walkNode(node, cwds, ctx));
  const names = pipeline.commands.map((n) => (n.kind === 'command' ? coreName(n) : null));
  const download = names.findIndex((n) => n && DOWNLOADERS.has(n));
  if (download >= 0 && names.some((n, i) => i > download && n && INTERPRETERS.has(n))) {
    ctx.parts.push(part(pipeline.commands.map(sourceOf).join(' | '), 'ask', policyReasons.pipedDownload, true));
  }
  return cwds; // each side of a pipe runs in its own subshell
}

function sourceOf(node: SimpleCommand | Group): string {
  return node.kind === 'command' ? node.source : '( … )';
}

function coreName(cmd: SimpleCommand): string | null {
  const core = unwrapCommand(cmd.words).core;
  return core.length ? basename(core[0].text) : null;
}

function walkNode(node: SimpleCommand | Group, cwds: (string | null)[], ctx: Ctx): (string | null)[] {
  if (node.kind === 'group') {
    const after = walkList(node.body, cwds, ctx);
    return node.subshell ? cwds : after;
  }
  for (const sub of node.substitutions) walkList(sub, cwds, ctx);
  const push = (decision: CommandDecision, words: Words, destructive = false) => ctx.parts.push(part(node.source, decision, words, destructive));
  const auto = ctx.auto;

  if (node.heredocRuns) push('ask', policyReasons.heredocRuns);
  for (const r of node.redirects) {
    if (r.op.includes('>') && r.target && r.target.text.startsWith('/dev/') && !SAFE_DEVICES.test(r.target.text)) {
      push('ask', policyReasons.writesToDevice(r.target.text), true);
    }
  }
  // a redirection into .git asks whatever the policy says; one to a file (or input from outside) is not covered by an allow
  const redirect = redirectProblem(node.redirects, { root: ctx.root, cwds, buildDirs: ctx.buildDirs });
  if (redirect?.always) push('ask', redirect.words, redirect.destructive);
  const notCovered = redirect && !redirect.always ? redirect.words : null;
  if (!node.words.length) {
    if (!node.heredocRuns) {
      const variable = loadingVariable(node.assignments);
      const why = notCovered ?? (variable ? policyReasons.setsLoadingVariable(variable) : null);
      push(why && !auto ? 'ask' : 'allow', why && !auto ? why : policyReasons.onlySetsVariables);
    }
    return cwds;
  }
  if (node.words[0].dynamic) {
    push('ask', policyReasons.computedAtRunTime);
    return cwds;
  }
  const name = basename(node.words[0].text);
  if (HARMLESS.has(name)) {
    const match = matchLists([normaliseWords(node.words.map((w) => w.text))], ctx);
    if (match?.kind === 'deny') push('deny', policyReasons.denyListEntry(match.pattern));
    else if (notCovered && !auto) push('ask', notCovered);
    else push('allow', policyReasons.harmlessBuiltin);
    if (name === 'cd' || name === 'pushd') return cdTargets(node.words[1], cwds);
    return name === 'popd' ? [null] : cwds;
  }
  decideSimple(node.words, node.source, node.substitutions, cwds, ctx, { assignments: node.assignments, redirect: notCovered });
  return cwds;
}

function cdTargets(arg: Word | undefined, cwds: (string | null)[]): (string | null)[] {
  if (!arg || arg.dynamic || arg.tilde || arg.glob || arg.text === '-') return [null];
  return cwds.map((c) => (arg.text.startsWith('/') ? posix.resolve(arg.text) : c === null ? null : posix.resolve(c, arg.text)));
}

/** What the command line around the words says: the shell's `VAR=value` before them, a redirection the allow list does not cover. */
interface Around {
  assignments?: Word[];
  redirect?: Words | null;
}

function decideSimple(words: Word[], source: string, substitutions: ShellList[], cwds: (string | null)[], ctx: Ctx, around: Around = {}): void {
  const { levels, core, elevated, cwdUnknown } = unwrapCommand(words);
  const pathCtx: PathContext = { root: ctx.root, cwds: cwdUnknown ? [null] : cwds, buildDirs: ctx.buildDirs };
  const candidates = levels.map((l) => normaliseWords(l.map((w) => w.text)));
  if (core.length && basename(core[0].text) === 'git') {
    const git = gitSubcommand(core.slice(1));
    if (git) candidates.push(['git', git.sub, ...git.args.map((w) => w.text)]);
  }
  const match = matchLists(candidates, ctx);
  const push = (decision: CommandDecision, words: Words, destructive = false): void => {
    ctx.parts.push(part(source, decision, words, destructive));
  };
  if (match?.kind === 'deny') return push('deny', policyReasons.denyListEntry(match.pattern));

  const name = core.length ? basename(core[0].text) : '';
  const destructive =
    (elevated && policyReasons.runsAsUser(elevated)) ||
    destructiveReason(core, pathCtx) ||
    (INTERPRETERS.has(name) && substitutions.some((s) => mentionsDownload(s)) ? policyReasons.downloadedScript : null);
  if (destructive) return push('ask', destructive, true);
  const dotGit = gitInternalsProblem(words, core, pathCtx);
  if (dotGit) return push('ask', dotGit.words, dotGit.destructive);

  // commands that run other commands: the inner command decides
  const inner = innerCommands(core);
  if (inner) {
    for (const item of inner) {
      if ('error' in item) push('ask', item.error);
      else if ('list' in item) walkList(item.list, pathCtx.cwds, ctx);
      else decideSimple(item.words, item.words.map((w) => w.text).join(' '), [], pathCtx.cwds, ctx);
    }
    if (name !== 'find') {
      if (around.redirect && !ctx.auto) push('ask', around.redirect);
      return; // find itself is decided too
    }
  }
  if (match?.kind === 'allow') {
    // allowed only as it is written (asWritten.ts)
    const why = around.redirect ?? notAsWritten(levels, core, around.assignments ?? [], pathCtx);
    if (!why) return push('allow', policyReasons.allowListEntry(match.pattern));
    if (!ctx.auto) return push('ask', why);
  }
  if (ctx.auto) return push('allow', ctx.autoWords);
  push('ask', policyReasons.notOnAllowList(candidates[candidates.length - 1].join(' ')));
}

type Inner = { list: ShellList } | { words: Word[] } | { error: Words };

/** `bash -c '…'`, `eval …`, `find … -exec … ;`: the commands they run. Null for other commands. */
function innerCommands(core: Word[]): Inner[] | null {
  if (!core.length) return null;
  const name = basename(core[0].text);
  const parse = (script: string): Inner => {
    try {
      return { list: parseShell(script) };
    } catch (err) {
      return { error: policyReasons.innerNotAnalysed(name, (err as Error).message) };
    }
  };
  if (['sh', 'bash', 'zsh', 'dash', 'ksh'].includes(name)) {
    const c = core.findIndex((w, i) => i > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w.text));
    if (c < 0) return null;
    const script = core[c + 1];
    if (!script) return [{ error: policyReasons.shellCEmpty(name) }];
    return [script.dynamic ? { error: policyReasons.shellCComputed(name) } : parse(script.text)];
  }
  if (name === 'eval') {
    const rest = core.slice(1);
    if (rest.some((w) => w.dynamic)) return [{ error: policyReasons.evalComputed }];
    return [parse(rest.map((w) => w.text).join(' '))];
  }
  if (name === 'find') {
    const out: Inner[] = [];
    for (let i = 1; i < core.length; i++) {
      if (!['-exec', '-execdir', '-ok', '-okdir'].includes(core[i].text)) continue;
      const words: Word[] = [];
      for (i++; i < core.length && core[i].text !== ';' && core[i].text !== '+'; i++) {
        words.push(core[i].text === '{}' ? { text: '{}', dynamic: true, glob: false, tilde: false } : core[i]);
      }
      if (words.length) out.push({ words });
    }
    return out.length ? out : null;
  }
  return null;
}

function mentionsDownload(list: ShellList): boolean {
  return list.items.some(({ pipeline }) =>
    pipeline.commands.some((n) =>
      n.kind === 'group' ? mentionsDownload(n.body) : (coreName(n) !== null && DOWNLOADERS.has(coreName(n)!)) || n.substitutions.some(mentionsDownload),
    ),
  );
}

/** File tools: reads and writes (create, modify, delete) by the policy's auto-approval. */
export function decideFileChange(kind: 'read' | 'write' | 'create' | 'modify' | 'delete', policy: Policy): { decision: 'allow' | 'ask'; reason: string; reasonWords?: ErrorWords } {
  if (kind === 'read') {
    return policy.autoApprove.read ? { decision: 'allow', ...wordsReason(policyReasons.readsAutoApproved) } : { decision: 'ask', ...wordsReason(policyReasons.readsNeedApproval) };
  }
  return policy.autoApprove.write
    ? { decision: 'allow', ...wordsReason(policyReasons.writesAutoApproved) }
    : { decision: 'ask', ...wordsReason(policyReasons.writesNeedApproval) };
}
