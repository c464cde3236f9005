import { z } from 'zod';
import { inputRule } from '../errors/inputRules';
import { wordsSchema } from '../errors/wordsSchema';
import { agentEvent } from '../agent/agentEvents';
import { reasonWordsSchema } from '../agent/sessionEvents';
import { sandboxAnswer } from '../agent/sandboxBlocks';
import { agentApproval, agentPhase, agentQuestion, agentStatus, agentTodo, agentVerdict, approvalId, isolation, questionChoice, sessionWorktree, whenBusy } from '../agent/agentShapes';
import { attachmentKind, editorContextInput, imageInputs, rulesFileInfo, sessionImage } from '../context/contextShapes';
import { defineCommand, defineEvent, noInput, ok } from './define';

/**
 * The agent in the contract (docs/architecture.md "Agent protocol"; pinned: `agent.start {task, mode?}` →
 * `{sessionId}` and the event `agent.onEvent {sessionId, …}`).
 *
 * `agent.onEvent` carries a discriminated union on `type` (src/shared/agent/agentEvents.ts), `{sessionId, type, …}`:
 * - the session's log events as written to `.akira/sessions/<id>/events.jsonl` (with `seq` and `ts`;
 *   src/shared/agent/sessionEvents.ts): session_started, plan_proposed, todo_updated, tool_call_started/
 *   finished, change_proposed/decided/applied, command_finished, checkpoint_taken, verification, model_call,
 *   status_changed, rollback (agent.rewind: `{checkpointId, toSeq, mode: 'conversation'}`, the session's
 *   state is back at event `toSeq`: read agent.get again), session_completed/failed/stopped …;
 * - live notices that are not logged (no `seq`; src/shared/agent/agentNotices.ts): approval_requested /
 *   approval_resolved (a change or a command waits for approve/reject), plan_approval_requested, question /
 *   question_answered (a TODO failed: retry, skip, edit or stop), assistant_message (what the model said),
 *   assistant_delta (its text as it streams, batched; after a model_retry the text starts again),
 *   model_retry, warning (something went wrong that does not stop the session, e.g. a checkpoint that failed).
 * The session's state is rebuilt from the log by the same pure replay everywhere (src/shared/agent/sessionReplay.ts).
 */

const UUID_V4 = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;
export const agentSessionId = z.string().regex(UUID_V4, inputRule('sessionId'));

export {
  agentApproval,
  agentPhase,
  agentQuestion,
  agentStatus,
  agentTodo,
  agentTodoStatus,
  proposedFileChange,
  questionChoice,
} from '../agent/agentShapes';
export type { AgentApproval, AgentPhase, AgentQuestion, AgentStatus, AgentTodo } from '../agent/agentShapes';
export { agentEvent, agentEventType, agentLogEventTypes, agentNoticeTypes, approvalOf, asSessionEvent, isAgentNotice, isLogEvent } from '../agent/agentEvents';
export type { AgentEvent, AgentEventOf, AgentEventType, AgentLogEvent, AgentNotice } from '../agent/agentEvents';
export type { AgentNoticeType, NoticeBody } from '../agent/agentNotices';

const totals = z.object({
  tokensIn: z.number().int().nonnegative(),
  tokensOut: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
  modelCalls: z.number().int().nonnegative(),
});

export const agentSessionSummary = z.object({
  sessionId: z.string(),
  task: z.string(),
  mode: z.string(),
  model: z.string(),
  status: agentStatus,
  phase: agentPhase,
  createdAt: z.string(),
  updatedAt: z.string(),
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  totals,
  /** Loaded in this process (running, paused or waiting); otherwise only on disk. */
  live: z.boolean(),
  /** Spec sessions: the tasks.md they run (workspace-relative); null for a typed task. */
  spec: z.string().nullable().optional(),
  /** Queued sessions: their place in the queue (1 starts next). */
  queuePosition: z.number().int().positive().nullable().optional(),
  /** Worktree sessions: their tree; null for a session in the workspace's own tree. */
  worktree: sessionWorktree.nullable().optional(),
  /** The round it is in: 1 until a follow-up (issue 25) starts round 2. */
  round: z.number().int().positive().optional(),
  /** A sub-task (issue 25, new_task): the session that started it; null or absent for a session a person started. */
  parentId: z.string().nullable().optional(),
});
export type AgentSessionSummary = z.infer<typeof agentSessionSummary>;

/** A session agent.pruneSessions removed (or would remove, or kept). */
const prunedSession = z.object({ sessionId: z.string(), task: z.string(), status: agentStatus, updatedAt: z.string() });
/** A finished earlier round of a session (issue 25): its task, TODOs, the files it changed and its summary. */
export const agentRound = z.object({
  round: z.number().int().positive(),
  task: z.string(),
  startedAt: z.string(),
  status: agentStatus,
  todos: z.array(z.object({ id: z.string(), description: z.string(), expectedResult: z.string(), status: agentTodo.shape.status, result: z.string().nullable() })),
  files: z.array(z.string()),
  summary: z.string().nullable(),
});
export type AgentRound = z.infer<typeof agentRound>;

export const agentSessionDetail = agentSessionSummary.extend({
  statusReason: z.string().nullable(),
  /** The words of statusReason (issue 14), when it is a message of the `session` catalog. */
  statusReasonWords: reasonWordsSchema.nullable().optional(),
  todos: z.array(agentTodo),
  approvals: z.array(agentApproval),
  question: agentQuestion.nullable(),
  planAwaitingApproval: z.boolean(),
  finalVerdict: agentVerdict.nullable(),
  summary: z.string().nullable(),
  /** The seq of the last log event this answer reflects (live events after it follow). */
  lastSeq: z.number().int().nonnegative(),
  /** Follow-ups (issue 25): the current round's task (the session's task in round 1) and the earlier rounds, oldest first. */
  roundTask: z.string().optional(),
  rounds: z.array(agentRound).optional(),
  /** The task's attached context and the rules the session uses (issue 11); the model's copy of the content is in the log. */
  context: z
    .object({
      attachments: z.array(z.object({ kind: attachmentKind, ref: z.string(), title: z.string(), tokens: z.number().int().nonnegative(), note: z.string().nullable(), error: z.string().nullable(), errorWords: reasonWordsSchema.optional() })),
      images: z.array(sessionImage),
      rules: z.array(rulesFileInfo),
    })
    .optional(),
  totals: totals.extend({
    toolCalls: z.number().int().nonnegative(),
    commands: z.number().int().nonnegative(),
    fileModifications: z.number().int().nonnegative(),
  }),
});
export type AgentSessionDetail = z.infer<typeof agentSessionDetail>;

const bySession = { sessionId: agentSessionId };
const rewindCheckpointId = z.string().min(4).max(64).regex(/^[A-Za-z0-9_-]+$/, inputRule('idCharacters'));

/** A mode a session can use (agent.modes). */
export const agentModeInfo = z.object({ id: z.string(), name: z.string(), description: z.string(), builtIn: z.boolean() });
export type AgentModeInfo = z.infer<typeof agentModeInfo>;
/** A broken mode file (agent.modes): English `message` (`<file>: …`), and its words (`mode.*`) when the core has them. */
const modeFileError = z.object({ file: z.string(), message: z.string(), words: wordsSchema.optional() });
const planTodo = z.object({
  id: z.string().min(1).max(64).optional(),
  description: z.string().trim().min(1).max(20_000),
  expectedResult: z.string().trim().min(1).max(20_000),
});

export const agentCommands = {
  'agent.start': defineCommand(
    z
      .object({
        task: z.string().trim().min(1).max(20_000),
        mode: z.string().trim().min(1).max(64).optional(),
        /** This session's model name instead of the configured one (same base URL and key). */
        model: z.string().trim().min(1).max(200).optional(),
        whenBusy: whenBusy.optional(),
        /** `worktree`: the session works in its own git worktree on branch akira/<8>; the user's tree is untouched until agent.merge. */
        isolation: isolation.optional(),
        /** Screenshots for models whose settings say `vision: true` (refused otherwise); kept with the session. */
        images: imageInputs.optional(),
        /** The app's editor context the person kept (the active file, the selected lines, the open tabs' names): attached as mentions are. */
        editorContext: editorContextInput.optional(),
      })
      .strict(),
    z.object({ sessionId: z.string(), queued: z.boolean().optional() }),
    'Start an agent session on a task in the open workspace (the mode defaults to the settings\' or "code-dev"; the model to the configured one).',
  ),
  'agent.modes': defineCommand(
    noInput,
    z.object({ modes: z.array(agentModeInfo), errors: z.array(modeFileError) }),
    'The modes a session can use: the built-ins and the custom ones of `.akira/modes` (with an error per invalid mode file).',
  ),
  'agent.setMode': defineCommand(
    z
      .object({
        ...bySession,
        mode: z.string().trim().min(1).max(64),
        /** Why, for the log (mode_changed) and session.md. */
        reason: z.string().trim().max(2000).optional(),
      })
      .strict(),
    z.object({ mode: z.string(), changed: z.boolean() }),
    "Switch a running or paused session to another mode (issue 25): logged as mode_changed, the next model call uses the mode's prompt, tools and policy. `changed` is false when it was in that mode already; an unknown mode or an ended session is an error and changes nothing.",
  ),
  'agent.editTodos': defineCommand(
    z.object({ ...bySession, todos: z.array(planTodo).min(1).max(500) }).strict(),
    ok,
    'Edit the TODOs not started yet (edit, add — no id —, remove, reorder); started TODOs must be listed unchanged, in their place.',
  ),
  'agent.rewind': defineCommand(
    z.object({ ...bySession, checkpointId: rewindCheckpointId, filesRestored: z.boolean().optional() }).strict(),
    z.object({ toSeq: z.number().int().nonnegative() }),
    'Rewind a session that is not running to one of its checkpoints (conversation only; files are untouched): it is paused there and resumes from that point. `filesRestored`: the caller has just restored the same checkpoint\'s files (a restore of both), so the session\'s reason says the files are as they were then too.',
  ),
  'agent.undoRewind': defineCommand(
    z.object(bySession).strict(),
    z.object({ toSeq: z.number().int().nonnegative() }),
    'Take back the last rewind of a session that has not gone on since (resumed, edited): its board, history and status are as they were just before the rewind.',
  ),
  'agent.fork': defineCommand(
    z.object({ ...bySession, checkpointId: rewindCheckpointId, task: z.string().trim().min(1).max(20_000).optional() }).strict(),
    z.object({ sessionId: z.string() }),
    'A new paused session whose history is this one\'s up to a checkpoint (files are untouched); resume it to go on from there.',
  ),
  'agent.events': defineCommand(
    z
      .object({
        ...bySession,
        /** Only events before this seq (to page back); default: up to the newest. */
        beforeSeq: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(5000).default(1000),
      })
      .strict(),
    z.object({ events: z.array(agentEvent), more: z.boolean() }),
    'The newest logged events of a session (before `beforeSeq`), oldest first, at most `limit` and about 8 MB; `more` when older ones remain.',
  ),
  'agent.reorderQueue': defineCommand(
    z.object({ sessionIds: z.array(agentSessionId).min(1).max(500) }).strict(),
    z.object({ queue: z.array(z.string()) }),
    'Reorder the queue: the sessions listed come first, in that order (the others keep theirs after them); answers the new order. Cancel a queued session with agent.stop.',
  ),
  'agent.isolation': defineCommand(
    noInput,
    z.object({
      worktree: z.object({
        available: z.boolean(),
        reason: z.string().nullable(),
        /** `reason` in words of the spec catalog (issue 14), so the UI and the CLI say it in their language; absent from an older core. */
        reasonWords: reasonWordsSchema.optional(),
      }),
    }),
    'Whether sessions can run in their own git worktree here (not a git repository, no commit yet … say why not).',
  ),
  'agent.sandbox': defineCommand(
    noInput,
    z.object({
      /** agent.sandbox.mode in effect (`off` also under `akira run --no-sandbox`). */
      mode: z.enum(['auto', 'off', 'required']),
      /** The agent's commands run in the OS sandbox. */
      available: z.boolean(),
      /** Why not (English); null when they do. */
      reason: z.string().nullable(),
      reasonWords: reasonWordsSchema.optional(),
      /** How to get one (English); null when there is nothing to install. */
      hint: z.string().nullable(),
      hintWords: reasonWordsSchema.optional(),
      /** What the user allowed for this workspace on sandbox cards (kept in Akira's data folder); absent: none kept here. */
      grants: z.object({ network: z.array(z.string()), allowWrite: z.array(z.string()), allowRead: z.array(z.string()) }).optional(),
    }),
    "Whether the agent's commands run in the OS sandbox here (issue 26), if not why and how to get one, and what was allowed for this workspace on sandbox cards.",
  ),
  'agent.revokeSandboxGrant': defineCommand(
    z.object({ kind: z.enum(['network', 'allowWrite', 'allowRead']), value: z.string().min(1).max(4096) }).strict(),
    ok,
    'Take back one thing allowed for this workspace on a sandbox card (a host, or a path to write or read): the next command is blocked from it again.',
  ),
  'agent.worktreeDiff': defineCommand(
    z.object(bySession).strict(),
    z.object({
      branch: z.string(),
      files: z.array(
        z.object({
          path: z.string(),
          oldPath: z.string().optional(),
          status: z.enum(['added', 'modified', 'deleted', 'renamed']),
          binary: z.boolean(),
          tooLarge: z.boolean(),
          before: z.string().nullable(),
          after: z.string().nullable(),
          /** A symbolic link (git mode 120000; deleted: was one): where it points (issue 26). `before`/`after` hold a link side's target as text. Absent for a file and from an older core. */
          symlinkTarget: z.string().optional(),
        }),
      ),
    }),
    'A worktree session\'s changes against its base (the user\'s HEAD and uncommitted changes when it started), committed or not.',
  ),
  'agent.merge': defineCommand(
    z.object(bySession).strict(),
    z.object({
      merged: z.boolean(),
      commit: z.string().nullable(),
      alreadyMerged: z.boolean(),
      /** Why not, in plain words (English). */
      reason: z.string().nullable(),
      /** `reason` in words of the spec catalog (issue 14), so the UI and the CLI say it in their language; absent from an older core. */
      reasonWords: reasonWordsSchema.optional(),
      /** Files both sides changed (nothing was merged). */
      conflicts: z.array(z.string()),
      /** The user's uncommitted files the merge would overwrite (commit or stash them first; nothing was merged). */
      localChanges: z.array(z.string()),
      /** The branch's symbolic links that point outside the workspace, `path -> target` (issue 26: the merge is refused, nothing was merged); absent from an older core. */
      linksOutside: z.array(z.string()).optional(),
    }),
    'Merge a worktree session\'s branch into the current branch of the workspace (a merge commit); all or nothing: on a conflict nothing is changed and the files are listed.',
  ),
  'agent.openTerminal': defineCommand(
    z.object({ ...bySession, cols: z.number().int().min(2).max(1000).optional(), rows: z.number().int().min(2).max(1000).optional() }).strict(),
    z.object({ terminalId: z.string(), title: z.string(), pid: z.number().int() }),
    'Open a shell in a worktree session\'s worktree (a Terminal tab like terminal.create\'s).',
  ),
  'agent.discard': defineCommand(
    z.object(bySession).strict(),
    ok,
    'Remove a worktree session\'s worktree and branch (its work is lost unless merged); the session and its logs stay.',
  ),
  'agent.list': defineCommand(noInput, z.object({ sessions: z.array(agentSessionSummary) }), 'Sessions of the workspace, newest first.'),
  'agent.pruneSessions': defineCommand(
    z.object({ dryRun: z.boolean().optional() }).strict(),
    z.object({
      retentionDays: z.number().int().positive(),
      source: z.enum(['default', 'global', 'workspace']),
      dryRun: z.boolean(),
      cutoff: z.string(),
      removed: z.array(prunedSession),
      kept: z.array(prunedSession.extend({ reason: z.enum(['live', 'active', 'worktree']) })),
    }),
    'Remove the folders of finished sessions last active longer ago than agent.sessions.retentionDays (dryRun: only say which); live, resumable and worktree sessions are kept.',
  ),
  'agent.get': defineCommand(z.object(bySession).strict(), agentSessionDetail, 'One session: its TODO board, what waits for a person, totals.'),
  'agent.pause': defineCommand(
    z.object({ ...bySession, reason: z.string().max(2000).optional(), reasonWords: reasonWordsSchema.optional() }).strict(),
    ok,
    'Pause a session after its current step (resume continues it); the reason is shown and logged.',
  ),
  'agent.resume': defineCommand(
    z.object(bySession).strict(),
    ok,
    'Resume a paused or interrupted session from its last consistent step (also one left by a process that ended).',
  ),
  'agent.stop': defineCommand(
    z.object({ ...bySession, reason: z.string().max(2000).optional(), reasonWords: reasonWordsSchema.optional() }).strict(),
    ok,
    'Stop a session for good (running commands are killed).',
  ),
  'agent.sendMessage': defineCommand(
    z.object({ ...bySession, text: z.string().trim().min(1).max(20_000), images: imageInputs.optional() }).strict(),
    z.object({ messageId: z.string(), round: z.number().int().positive().optional() }),
    'Tell the agent something: it is put in the context of its next model call. On a finished session (completed, failed or stopped) it is a follow-up: the session runs again with a new round (`round` in the answer).',
  ),
  'agent.approve': defineCommand(
    z
      .object({
        ...bySession,
        changeId: approvalId,
        content: z.string().max(10_000_000).optional(),
        /** A command: also add its `allowPrefix` to the global allow list, so it is not asked again (undo in Settings). */
        alwaysAllow: z.boolean().optional(),
        /**
         * A command the sandbox blocked (kind `sandbox`): allow what it blocked for the `session` (the default), the
         * `workspace` or everywhere (`global`) and run it again, or run it once `outside` the sandbox.
         */
        sandbox: sandboxAnswer.optional(),
      })
      .strict(),
    ok,
    'Approve a proposed change (with `content`: apply that text instead), a command waiting for approval (with `alwaysAllow`: and its prefix from now on), or a command the sandbox blocked (with `sandbox`: how far to allow it).',
  ),
  'agent.reject': defineCommand(
    z
      .object({
        ...bySession,
        changeId: approvalId,
        reason: z.string().trim().min(1, inputRule('sayWhy')).max(20_000),
        /** The reason's words when a face wrote it (the CLI's batch refusals), so the UI says it in its language. */
        reasonWords: reasonWordsSchema.optional(),
      })
      .strict(),
    ok,
    'Reject a proposed change or command; the reason goes back to the model as the tool\'s result.',
  ),
  'agent.approvePlan': defineCommand(
    z
      .object({
        ...bySession,
        approved: z.boolean().default(true),
        /** The plan as the user edited it (replaces the proposed one). */
        todos: z.array(planTodo).min(1).max(500).optional(),
        /** Why it was rejected: the model plans again with it. */
        feedback: z.string().max(20_000).optional(),
      })
      .strict(),
    ok,
    'Approve (possibly edited) or reject the plan of a session that waits for plan approval.',
  ),
  'agent.answer': defineCommand(
    z
      .object({
        ...bySession,
        questionId: z.string().min(1).max(128),
        choice: questionChoice,
        /** For `edit`: the TODO's new text. */
        todo: z.object({ description: z.string().trim().min(1).max(20_000).optional(), expectedResult: z.string().trim().min(1).max(20_000).optional() }).optional(),
      })
      .strict(),
    ok,
    'Answer a question of the session (a TODO failed: retry it, skip it, edit it and retry, or stop).',
  ),
};

export const agentEvents = {
  'agent.onEvent': defineEvent(agentEvent, 'Everything an agent session does, as it happens: `{sessionId, type, …}` (see agent.ts).'),
};
