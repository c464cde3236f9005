import type { ContextAttachment, DiagnosticsReport, RulesFileInfo, SessionImage } from '../../../../shared/context/contextShapes';
import type { ProjectContext, RunDiagnostics } from '../../context/projectContext';
import { loadSessionImage, type PendingMessage, type SessionHandle, type TodoState } from '../../sessions';
import type { ModelImage } from '../model/messages';
import { RULES_SHARE, type PromptContext, type UserMessage } from './contextBuilder';
import { contextErrors, plainWords, type ErrorWords } from '../../../../shared/errors';
import { counted } from '../../../../shared/i18n/plural';

/**
 * The project context of one running session (issue 11), gathered before each model call:
 *
 *   const sc = createSessionContext({handle, project, vision, budgetTokens, warn})
 *   const {project, messages} = await sc.forCall({editedPaths, messages: state.userMessages})
 *   const rules = await sc.rulesText()          (the verifier's system context)
 *
 * - rules: the rules files within RULES_SHARE of the budget, with the nearest nested AGENTS.md of the files the
 *   session's TODOs edit, the conditional rules whose globs match a file the TODOs touch or the mentions attach,
 *   the manual ones the task or a message names `#name`, Roo's for the session's mode (once one applies it stays); a `rules_loaded` event whenever the list differs from the one last logged (the session
 *   view lists them);
 * - the task's attachments (from `context_attached`) and images (read from the session folder once, for a model
 *   whose settings say `vision: true`; a session resumed with a model without vision leaves them out and warns);
 * - the git state for the session's first model call only.
 */

const WRITES = new Set(['write_file', 'edit_file', 'delete_file']);
const TOUCHES = new Set([...WRITES, 'read_file']);

/** The files the TODO's write calls named (their nearest nested AGENTS.md joins the rules). */
export function editedPathsOf(todo: Pick<TodoState, 'recentTools'>): string[] {
  return pathsOf(todo, WRITES);
}

/** The files the TODO's tools wrote, edited, deleted or read: a conditional rule whose globs match one joins. */
export function touchedPathsOf(todo: Pick<TodoState, 'recentTools'>): string[] {
  return pathsOf(todo, TOUCHES);
}

/** `#name` mentions of a text (a manual rules file of that name joins: Kiro's `#steering-name`). */
export function ruleMentionsIn(text: string): string[] {
  return [...text.matchAll(/(?:^|[\s(,;])#([A-Za-z0-9][\w.-]*[\w])/g)].map((m) => m[1]);
}

/** The files a mention attached (`@src/a.ts`, `@src/a.ts:10-20`): they are in play for conditional rules. */
const mentionedFiles = (attachments: readonly ContextAttachment[]) => attachments.filter((a) => (a.kind === 'file' || a.kind === 'selection') && !a.error).map((a) => a.ref.replace(/:\d+(-\d+)?$/, ''));

function pathsOf(todo: Pick<TodoState, 'recentTools'>, tools: ReadonlySet<string>): string[] {
  const paths = new Set<string>();
  for (const call of todo.recentTools) {
    if (!tools.has(call.tool)) continue;
    try {
      const path = (JSON.parse(call.input) as { path?: unknown }).path;
      if (typeof path === 'string' && path) paths.add(path);
    } catch {
      // a summary that is not JSON names no path
    }
  }
  return [...paths];
}

export interface SessionContextSource {
  /** The session's model takes images (its settings say vision: true). */
  readonly vision: boolean;
  /**
   * The project's checkers through the command policy (get_diagnostics, the verifier): allowed ones run, denied
   * ones are skipped, and those the policy asks about are asked with `ask` (a person approves them as commands)
   * or skipped without it. A checker the workspace chose that is not approved for it (checkerApprovals.ts) is asked
   * about every time (the yes is for that call only), or skipped without `ask`. null: unavailable.
   */
  readonly diagnostics: ((input: { paths?: string[]; signal?: AbortSignal; ask?: (command: string, reason: string, reasonWords?: ErrorWords) => Promise<boolean> }) => Promise<DiagnosticsReport>) | null;
  forCall(input: { editedPaths?: readonly string[]; messages: readonly PendingMessage[] }): Promise<{ project: PromptContext; messages: UserMessage[] }>;
  rulesText(editedPaths?: readonly string[]): Promise<string>;
}

export interface SessionContextOptions {
  handle: SessionHandle;
  project: ProjectContext | null;
  /** The session's tree's checkers (a worktree session's own), else none. */
  diagnostics: RunDiagnostics | null;
  /** What the command policy says of a checker's command. */
  commandPolicy: (command: string) => { decision: 'allow' | 'ask' | 'deny'; reason: string; reasonWords?: ErrorWords };
  vision: boolean;
  budgetTokens: number;
  warn: (message: string) => void;
}

const sameRules = (a: readonly RulesFileInfo[], b: readonly RulesFileInfo[]) =>
  a.length === b.length &&
  a.every((f, i) => f.path === b[i].path && f.truncated === b[i].truncated && f.tokens === b[i].tokens && f.applies === b[i].applies && f.because === b[i].because && f.sameAs === b[i].sameAs && f.problem === b[i].problem);

export function createSessionContext(options: SessionContextOptions): SessionContextSource {
  const { handle, project } = options;
  const loaded = new Map<string, string>();
  let warnedVision = false;

  async function images(list: readonly SessionImage[]): Promise<ModelImage[]> {
    if (!list.length) return [];
    if (!options.vision) {
      if (!warnedVision) options.warn(`This session has ${counted(list.length, 'image', 'images')} but its model's settings do not say vision: true; they are left out.`);
      warnedVision = true;
      return [];
    }
    const out: ModelImage[] = [];
    for (const image of list) {
      let data = loaded.get(image.file);
      if (data === undefined) {
        try {
          data = await loadSessionImage(handle.dir, image);
          loaded.set(image.file, data);
        } catch (err) {
          options.warn(`The image ${image.name} could not be read (${(err as Error).message}); it is left out.`);
          continue;
        }
      }
      out.push({ mediaType: image.mediaType, dataBase64: data });
    }
    return out;
  }

  async function rulesText(editedPaths: readonly string[] = []): Promise<string> {
    if (!project) return '';
    const state = handle.state();
    // Every file the session's TODOs edited: a nested AGENTS.md, once it applies, stays for the session's later calls.
    const edited = [...new Set([...editedPaths, ...state.todos.flatMap((t) => editedPathsOf(t))])];
    // A conditional rule joins when a file in play matches it, or the task or a message names it #name; once joined
    // (the last rules_loaded says so) it stays.
    const before = state.context.rules;
    const inPlay = new Set([
      ...edited,
      ...state.todos.flatMap((t) => touchedPathsOf(t)),
      ...mentionedFiles(state.context.attachments),
      ...mentionedFiles(state.userMessages.flatMap((m) => m.attachments)),
      ...before.flatMap((r) => (r.applies === 'match' && r.because ? [r.because] : [])),
    ]);
    const mentions = new Set([
      ...ruleMentionsIn(state.task),
      ...state.userMessages.flatMap((m) => ruleMentionsIn(m.text)),
      ...before.flatMap((r) => (r.applies === 'mentioned' && r.because ? [r.because.replace(/^#/, '')] : [])),
    ]);
    const rules = await project.rules({ editedPaths: edited, inPlay: [...inPlay], mentions: [...mentions], mode: state.mode || undefined, maxTokens: Math.floor(options.budgetTokens * RULES_SHARE) }).catch((err) => {
      options.warn(`The rules files could not be read (${(err as Error).message}); this call goes without them.`);
      return null;
    });
    if (!rules) return '';
    if (!sameRules(rules.files, handle.state().context.rules)) await handle.append({ type: 'rules_loaded', files: rules.files });
    return rules.text;
  }

  const run = options.diagnostics;
  return {
    vision: options.vision,
    diagnostics: run
      ? ({ ask, ...input }) =>
          run({
            ...input,
            admit: async (checker) => {
              const policy = options.commandPolicy(checker.command);
              if (policy.decision === 'deny') return `not run: your policy denies \`${checker.command}\` (${policy.reason})`;
              // A program the workspace chose, not approved for it: asked every time, even when the policy allows the command.
              if (checker.awaitingApproval) {
                const words = contextErrors.checkerNotApproved(checker.id);
                if (!ask) return contextErrors.checkerAwaitsApproval(checker.id, checker.command).en;
                return (await ask(checker.command, words.en, plainWords(words))) ? true : `not run: the user declined \`${checker.command}\``;
              }
              if (policy.decision === 'allow') return true;
              if (!ask) return `not run: your policy asks before \`${checker.command}\` and no one was asked here`;
              return (await ask(checker.command, policy.reason, policy.reasonWords)) ? true : `not run: the user declined \`${checker.command}\``;
            },
          })
      : null,
    rulesText,
    async forCall(input) {
      const state = handle.state();
      const first = state.totals.modelCalls === 0;
      const gitState = first && project ? await project.gitState().catch(() => null) : null;
      const messages: UserMessage[] = [];
      for (const m of input.messages) messages.push({ text: m.text, attachments: m.attachments, images: await images(m.images) });
      return {
        project: { rules: await rulesText(input.editedPaths), attachments: state.context.attachments, images: await images(state.context.images), gitState },
        messages,
      };
    },
  };
}
