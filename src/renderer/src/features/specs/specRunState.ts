import type { AgentEvent, AgentSessionDetail, AgentSessionSummary, AgentStatus, AgentTodo } from '../../../../shared/contract';
import { ClientError } from '../../client/client';

/**
 * What the Specs view shows of spec sessions (issue 9), pure: which session a spec follows, each task's
 * state in it, whether a run is under way, the words for run errors and for the end of a session.
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
const providerWord = (p: 'heuristic' | 'model') => (p === 'model' ? 'the model (assess_task)' : 'the quick checks');

/** Each task's state in a session, by task id (its TODO's id); tasks the session does not hold are absent. */
export function taskRunStates(session: Pick<AgentSessionDetail, 'status' | 'phase' | 'todos'>): Map<string, TaskRunState> {
  const out = new Map<string, TaskRunState>();
  const ended = ENDED.includes(session.status);
  const working = session.todos.some((t) => t.status === 'in_progress' || t.status === 'verifying');
  const assessingId = !working && session.status === 'running' && session.phase === 'assess' ? session.todos.find((t) => t.status === 'pending' && !t.assessment)?.id : undefined;
  for (const todo of session.todos) {
    const assessment = todo.assessment ?? null;
    const tickProblem = todo.tick && !todo.tick.ok ? (todo.tick.message ?? 'its box could not be ticked') : null;
    const base = { assessment, rolledBack: false, tickProblem };
    const judged = assessment?.judgedDone === true;
    if (judged && assessment) {
      out.set(todo.id, {
        ...base,
        kind: 'judged_done',
        label: `judged done ${pct(assessment.confidence)}`,
        title: `Judged done without running by ${providerWord(assessment.provider)}, confidence ${pct(assessment.confidence)} (threshold ${pct(assessment.threshold)}): ${assessment.reasoning}`,
      });
      continue;
    }
    switch (todo.status) {
      case 'done':
        out.set(todo.id, { ...base, kind: 'done', label: 'done', title: `Run and verified${todo.lastVerdict ? ` (${Math.round(todo.lastVerdict.confidence * 100)}% confident: ${todo.lastVerdict.feedback})` : ''}.` });
        break;
      case 'failed': {
        const rolledBack = todo.failureHandled === 'rollback';
        out.set(todo.id, {
          ...base,
          rolledBack,
          kind: 'failed',
          label: rolledBack ? 'failed · rolled back' : 'failed',
          title: `${todo.result ?? todo.lastVerdict?.feedback ?? 'It failed.'}${rolledBack ? ' Its files were restored to its start checkpoint.' : ''}`,
        });
        break;
      }
      case 'skipped':
        out.set(todo.id, { ...base, kind: 'skipped', label: 'skipped', title: 'Skipped in the session.' });
        break;
      case 'in_progress':
        out.set(todo.id, { ...base, kind: 'running', label: ended ? 'stopped here' : 'running', title: ended ? 'The session ended while this task ran.' : 'The agent works on it.' });
        break;
      case 'verifying':
        out.set(todo.id, { ...base, kind: 'verifying', label: ended ? 'stopped here' : 'verifying', title: 'The agent said done; a fresh call checks it.' });
        break;
      case 'pending':
        if (todo.id === assessingId) out.set(todo.id, { ...base, kind: 'assessing', label: 'assessing…', title: 'Is it done already? The quick checks, then the model.' });
        else if (session.status === 'queued') out.set(todo.id, { ...base, kind: 'queued', label: 'queued', title: 'The session waits in the agent queue; it starts by itself.' });
        else if (!ended) out.set(todo.id, { ...base, kind: 'queued', label: 'queued', title: 'Waits for its turn in the session.' });
        break;
    }
  }
  return out;
}

/** What a run would work on, for the busy-workspace question: "Spec hello: task 2.1" / "… from task 2" / "… all open tasks". */
export function runWhat(tasksPath: string, params: { only?: string[]; from?: string }): string {
  const name = `Spec ${specName(tasksPath)}`;
  if (params.only?.length) return `${name}: task${params.only.length === 1 ? '' : 's'} ${params.only.join(', ')}`;
  if (params.from) return `${name}: from task ${params.from}`;
  return `${name}: all open tasks`;
}

/** A run the core refused, in plain words. */
export function runErrorText(err: unknown): string {
  if (err instanceof ClientError) {
    if (err.details?.nothingToRun) return 'Every task is ticked already.';
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
  const name = specName(tasksPath);
  switch (event.type) {
    case 'session_completed':
      return { kind: 'completed', title: `Spec ${name}: session completed`, detail: oneLine(event.summary) || tasksPath };
    case 'session_failed':
      return { kind: 'failed', title: `Spec ${name}: session failed`, detail: oneLine(event.reason) };
    case 'status_changed':
      return event.status === 'paused' ? { kind: 'paused', title: `Spec ${name}: session paused`, detail: oneLine(event.reason ?? '') || 'Resume it from the status bar.' } : null;
    default:
      return null;
  }
}

/** `.kiro/specs/auth/tasks.md` → `auth`; any other tasks.md → its path. */
export function specName(tasksPath: string): string {
  const m = /(?:^|\/)\.(?:akira|kiro)\/specs\/([^/]+)\/tasks\.md$/.exec(norm(tasksPath));
  return m ? m[1] : norm(tasksPath);
}

const oneLine = (s: string, max = 200) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
