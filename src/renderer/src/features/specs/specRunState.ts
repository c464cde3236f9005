import type { AgentEvent, AgentSessionDetail, AgentSessionSummary, AgentStatus, AgentTodo } from '../../../../shared/contract';
import { ClientError } from '../../client/client';
import { reasonTextOf, textOf } from '../../i18n';
import { specsStrings } from './specsStrings';

/**
 * What the Specs view shows of spec sessions (issue 9), pure: which session a spec follows, each task's
 * state in it, whether a run is under way, the words for run errors and for the end of a session (in the UI's
 * language at the time of the call: specsStrings.ts).
 */

/** A task's state in the spec's newest session (the checkbox itself comes from tasks.md). */
export type TaskRunKind = 'queued' | 'assessing' | 'running' | 'verifying' | 'judged_done' | 'done' | 'failed' | 'skipped';

export interface TaskRunState {
  kind: TaskRunKind;
  /** The badge: "judged done 0.92", "running", "failed · rolled back". */
  label: string;
  /** More words for the badge's tooltip. */
  title: string;
  assessment: NonNullable<AgentTodo['assessment']> | null;
  rolledBack: boolean;
  /** The task is done but its box could not be ticked (why). */
  tickProblem: string | null;
}

/** Same path however it was written ('./a/tasks.md', 'a\\tasks.md'). */
export const samePath = (a: string | null | undefined, b: string | null | undefined): boolean => !!a && !!b && norm(a) === norm(b);
const norm = (p: string) => p.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+/g, '/');

/**
 * The session a spec follows: the newest one (by creation) whose `spec` is this tasks.md, or the one this
 * window just started when the list does not have it yet.
 */
export function followedSession(sessions: readonly AgentSessionSummary[], tasksPath: string, startedHere: string | null = null): string | null {
  const mine = sessions.filter((s) => samePath(s.spec, tasksPath));
  if (startedHere && !sessions.some((s) => s.sessionId === startedHere)) return startedHere;
  let newest: AgentSessionSummary | null = null;
  for (const s of mine) if (!newest || s.createdAt > newest.createdAt) newest = s;
  return newest?.sessionId ?? null;
}

const ENDED: readonly AgentStatus[] = ['completed', 'failed', 'stopped', 'interrupted'];

/** A session that runs, waits or is paused on its spec (anything but ended): a new run would work on the same tasks.md. */
export function holdsSpec(status: AgentStatus | null | undefined): boolean {
  return !!status && !ENDED.includes(status);
}

const pct = (n: number) => n.toFixed(2);

/** Each task's state in a session, by task id (its TODO's id); tasks the session does not hold are absent. */
export function taskRunStates(session: Pick<AgentSessionDetail, 'status' | 'phase' | 'todos'>): Map<string, TaskRunState> {
  const t = textOf(specsStrings);
  const out = new Map<string, TaskRunState>();
  const ended = ENDED.includes(session.status);
  const working = session.todos.some((t) => t.status === 'in_progress' || t.status === 'verifying');
  const assessingId = !working && session.status === 'running' && session.phase === 'assess' ? session.todos.find((t) => t.status === 'pending' && !t.assessment)?.id : undefined;
  for (const todo of session.todos) {
    const assessment = todo.assessment ?? null;
    const tickProblem = todo.tick && !todo.tick.ok ? (todo.tick.message ?? t.boxNotTicked) : null;
    const base = { assessment, rolledBack: false, tickProblem };
    const judged = assessment?.judgedDone === true;
    if (judged && assessment) {
      out.set(todo.id, {
        ...base,
        kind: 'judged_done',
        label: t.judgedDoneLabel(pct(assessment.confidence)),
        title: t.judgedDoneTitle(assessment.provider === 'model', pct(assessment.confidence), pct(assessment.threshold), reasonTextOf(assessment.reasoning, assessment.reasoningWords)),
      });
      continue;
    }
    switch (todo.status) {
      case 'done':
        out.set(todo.id, { ...base, kind: 'done', label: t.runDone, title: t.runDoneTitle(todo.lastVerdict ?? null) });
        break;
      case 'failed': {
        const rolledBack = todo.failureHandled === 'rollback';
        out.set(todo.id, {
          ...base,
          rolledBack,
          kind: 'failed',
          label: rolledBack ? t.runFailedRolledBack : t.runFailed,
          title: t.failedTitle(todo.result ?? todo.lastVerdict?.feedback ?? t.itFailed, rolledBack),
        });
        break;
      }
      case 'skipped':
        out.set(todo.id, { ...base, kind: 'skipped', label: t.runSkipped, title: t.skippedTitle });
        break;
      case 'in_progress':
        out.set(todo.id, { ...base, kind: 'running', label: ended ? t.runStoppedHere : t.runRunning, title: ended ? t.endedWhileRunning : t.agentWorksOnIt });
        break;
      case 'verifying':
        out.set(todo.id, { ...base, kind: 'verifying', label: ended ? t.runStoppedHere : t.runVerifying, title: t.verifyingTitle });
        break;
      case 'pending':
        if (todo.id === assessingId) out.set(todo.id, { ...base, kind: 'assessing', label: t.runAssessing, title: t.assessingTitle });
        else if (session.status === 'queued') out.set(todo.id, { ...base, kind: 'queued', label: t.runQueued, title: t.queuedInAgentQueue });
        else if (!ended) out.set(todo.id, { ...base, kind: 'queued', label: t.runQueued, title: t.waitsForTurn });
        break;
    }
  }
  return out;
}

/** What a run would work on, for the busy-workspace question: "Spec hello: task 2.1" / "… from task 2" / "… all open tasks". */
export function runWhat(tasksPath: string, params: { only?: string[]; from?: string }): string {
  const t = textOf(specsStrings);
  const name = specName(tasksPath);
  if (params.only?.length) return t.runWhatTasks(name, params.only);
  if (params.from) return t.runWhatFrom(name, params.from);
  return t.runWhatAll(name);
}

/** A run the core refused, in plain words. */
export function runErrorText(err: unknown): string {
  if (err instanceof ClientError) {
    if (err.details?.nothingToRun) return textOf(specsStrings).everyTaskTicked;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export interface SpecNotice {
  kind: 'completed' | 'failed' | 'paused';
  title: string;
  detail: string;
}

/** The notice a spec session's event calls for: completed, failed or paused (not stopped: a person did that). */
export function specNoticeOf(event: AgentEvent, tasksPath: string): SpecNotice | null {
  const t = textOf(specsStrings);
  const name = specName(tasksPath);
  switch (event.type) {
    case 'session_completed':
      return { kind: 'completed', title: t.noticeCompleted(name), detail: oneLine(event.summary) || tasksPath };
    case 'session_failed':
      return { kind: 'failed', title: t.noticeFailed(name), detail: oneLine(reasonTextOf(event.reason, event.reasonWords)) };
    case 'status_changed':
      return event.status === 'paused' ? { kind: 'paused', title: t.noticePaused(name), detail: oneLine(reasonTextOf(event.reason ?? '', event.reasonWords)) || t.resumeFromStatusBar } : null;
    default:
      return null;
  }
}

/** `.kiro/specs/auth/tasks.md` and `openspec/changes/auth/tasks.md` → `auth`; any other tasks.md → its path. */
export function specName(tasksPath: string): string {
  const m = /(?:^|\/)(?:\.(?:akira|kiro)\/specs|openspec\/changes)\/([^/]+)\/tasks\.md$/.exec(norm(tasksPath));
  return m ? m[1] : norm(tasksPath);
}

const oneLine = (s: string, max = 200) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
