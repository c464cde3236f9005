import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SpecDetailT, SpecRunInput, SpecTaskT } from '../../../../shared/contract';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { isolationQuery } from '../agent/agentQueries';
import { useBusyQuestion } from '../agent/BusyQuestion';
import { statusText } from '../agent/queueOrder';
import { useServerTrust } from '../agent/ServerTrust';
import { statusTone } from '../agent/sessionFormat';
import { useSessionStore } from '../agent/sessionStore';
import { isolationBlocked } from '../agent/worktreeWords';
import { nextState, specRows, type SpecRow } from './specRows';
import { runErrorText, runWhat, type TaskRunState } from './specRunState';
import { specQuery, specsListQuery } from './specsQueries';
import { useSpecsStore, type SpecSourceRef } from './specsStore';
import { ProgressBar, SourceBadge, SpecsEmpty } from './SpecsPanel';
import { useSpecSession, type SpecSession } from './useSpecSession';
import { specsStrings } from './specsStrings';
import { useReasonText, useText } from '../../i18n';
import './specs.css';

type RunParams = Pick<SpecRunInput, 'only' | 'from'>;

/**
 * specs.run for one tasks.md: the new session is opened (board, activity, status bar) while the Specs view stays.
 * "In a worktree" runs it in its own git worktree and branch (every run button of the view; off, with the reason,
 * where agent.isolation says worktrees cannot be used).
 */
function useSpecRun(tasksPath: string | null) {
  const t = useText(specsStrings);
  const client = useClient();
  const trust = useServerTrust();
  const busy = useBusyQuestion();
  const isolation = useQuery(isolationQuery(client));
  const [inWorktree, setInWorktree] = useState(false);
  const [starting, setStarting] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const worktreeAvailable = isolation.data?.worktree.available ?? false;
  const worktree = inWorktree && worktreeAvailable;
  const worktreeReason = isolationBlocked(isolation.data, isolation.error);
  const run = async (key: string, params: RunParams) => {
    if (!tasksPath || starting) return;
    setStarting(key);
    setErrors({});
    try {
      const isolated = worktree ? { isolation: 'worktree' as const } : {};
      // Another session running in this folder: ask (queue it / run anyway), then send it again with the answer.
      const started = await trust.run(() => busy.run((extra) => client.invoke('specs.run', { tasksPath, ...params, ...isolated, ...extra }), runWhat(tasksPath, params)));
      if (!started) return;
      useSpecsStore.getState().markStarted(tasksPath, started.sessionId);
      useSessionStore.getState().open(started.sessionId);
    } catch (err) {
      setErrors({ [key]: runErrorText(err) });
    } finally {
      setStarting(null);
    }
  };
  return {
    run,
    starting,
    errors,
    worktreeCheck: (
      <label className={`spec-worktree ${worktreeAvailable ? '' : 'disabled'}`} title={worktreeReason ?? t.worktreeTitle} data-testid="spec-worktree-label">
        <input type="checkbox" checked={worktree} disabled={!worktreeAvailable} onChange={(e) => setInWorktree(e.target.checked)} data-testid="spec-worktree" />
        {t.inAWorktree}
      </label>
    ),
    dialog: (
      <>
        {trust.dialog}
        {busy.dialog}
      </>
    ),
  };
}

type SpecRun = ReturnType<typeof useSpecRun>;

type SpecsText = typeof specsStrings.en;

/** Why the run buttons are off, or null when they are on. */
function runBlocked(session: SpecSession, run: SpecRun, t: SpecsText): string | null {
  if (run.starting) return t.startingSession;
  if (session.busy) {
    if (session.status === 'paused') return t.blockedPaused;
    if (session.status === 'queued') return t.blockedQueued;
    return t.blockedRunning;
  }
  return null;
}

const stateLabel = (t: SpecsText): Record<SpecTaskT['state'], string> => ({ open: t.stateOpen, in_progress: t.stateInProgress, done: t.stateDone });

/** The task's state in the spec's session: a badge; one with a judgement opens its reasoning. */
function RunBadge({ task, state, expanded, onExpand }: { task: SpecTaskT; state: TaskRunState; expanded: boolean; onExpand(): void }) {
  const className = `spec-run-badge run-${state.kind}`;
  if (!state.assessment)
    return (
      <span className={className} title={state.title} data-testid="spec-task-run" data-run={state.kind}>
        {state.label}
      </span>
    );
  return (
    <button
      type="button"
      className={`${className} expandable`}
      title={state.title}
      tabIndex={-1}
      aria-expanded={expanded}
      aria-controls={`spec-judgement-${task.id}`}
      data-testid="spec-task-run"
      data-run={state.kind}
      onClick={onExpand}
    >
      {state.label}
      <span className="spec-run-caret" aria-hidden>
        {expanded ? '▴' : '▾'}
      </span>
    </button>
  );
}

/** The decision engine's judgement of a task: who, how sure, why, and the quick checks. */
function Judgement({ task, state }: { task: SpecTaskT; state: TaskRunState }) {
  const t = useText(specsStrings);
  const reasonText = useReasonText();
  const a = state.assessment!;
  const verdict = a.judgedDone ? t.verdictJudgedDone : a.detected ? t.verdictBelowThreshold : t.verdictNotDone;
  return (
    <div className="spec-judgement" id={`spec-judgement-${task.id}`} data-testid="spec-task-judgement">
      <div className="spec-judgement-head">
        {t.judgementHead(a.provider === 'model', a.confidence.toFixed(2), a.threshold.toFixed(2), verdict)}
      </div>
      <div className="spec-judgement-reason">{reasonText(a.reasoning, a.reasoningWords)}</div>
      {a.checks.length > 0 && (
        <ul className="spec-judgement-checks">
          {a.checks.map((c, i) => (
            <li key={i}>{reasonText(c, a.checkWords?.[i])}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TaskRow({
  row,
  focused,
  pending,
  error,
  run,
  blocked,
  starting,
  expanded,
  onToggle,
  onFold,
  onFocus,
  onExpand,
  onRun,
}: {
  row: SpecRow;
  focused: boolean;
  pending: boolean;
  error: string | undefined;
  run: TaskRunState | undefined;
  /** Why the run buttons are off (null: on). */
  blocked: string | null;
  starting: 'only' | 'from' | null;
  expanded: boolean;
  onToggle(): void;
  onFold(): void;
  onFocus(): void;
  onExpand(): void;
  onRun(params: RunParams): void;
}) {
  const t = useText(specsStrings);
  const { task, depth, foldable, collapsed } = row;
  const label = `${task.number ?? ''} ${task.title}`.trim();
  const open = task.state !== 'done';
  const tab = focused ? 0 : -1;
  return (
    <li
      id={`spec-task-${task.id}`}
      className={`spec-task state-${task.state} ${focused ? 'focused' : ''} ${run ? `run-${run.kind}` : ''}`}
      style={{ paddingLeft: 8 + depth * 20 }}
      data-testid="spec-task"
      data-task-id={task.id}
      data-state={task.state}
      data-run={run?.kind ?? ''}
      role="option"
      aria-selected={focused}
      aria-checked={task.state === 'done' ? true : task.state === 'in_progress' ? 'mixed' : false}
      onMouseDown={onFocus}
    >
      <div className="spec-task-line">
        <button
          className={`spec-fold ${foldable ? '' : 'hidden'}`}
          tabIndex={-1}
          aria-label={collapsed ? t.expand : t.collapse}
          aria-expanded={foldable ? !collapsed : undefined}
          data-testid="spec-task-fold"
          onClick={onFold}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        <input
          type="checkbox"
          className="spec-check"
          tabIndex={-1}
          checked={task.state === 'done'}
          ref={(el) => {
            if (el) el.indeterminate = task.state === 'in_progress';
          }}
          disabled={pending}
          aria-label={task.state === 'done' ? t.reopenTask(task.number ?? '', task.title) : t.markTaskDone(task.number ?? '', task.title)}
          data-testid="spec-task-check"
          onChange={onToggle}
        />
        {task.number && <span className="spec-task-number">{task.number}</span>}
        <span className="spec-task-title">
          {task.title}
          {task.optional && <span className="spec-optional" title={t.optionalTitle}>{t.optional}</span>}
        </span>
        <span className="spec-run-actions">
          {open && (
            <button
              type="button"
              className="spec-run-button"
              tabIndex={tab}
              disabled={!!blocked}
              title={blocked ?? t.runTaskTitle(label)}
              aria-label={t.runThisTask(label)}
              data-testid="spec-run-task"
              onClick={() => onRun({ only: [task.id] })}
            >
              {starting === 'only' ? t.starting : t.run}
            </button>
          )}
          <button
            type="button"
            className="spec-run-button"
            tabIndex={tab}
            disabled={!!blocked}
            title={blocked ?? t.runFromTitle(task.number ?? null)}
            aria-label={t.runFromHere(label)}
            data-testid="spec-run-from"
            onClick={() => onRun({ from: task.id })}
          >
            {starting === 'from' ? t.starting : t.fromHere}
          </button>
        </span>
        {run && !pending ? (
          <RunBadge task={task} state={run} expanded={expanded} onExpand={onExpand} />
        ) : (
          <span className={`spec-state spec-state-${task.state}`} data-testid="spec-task-state">
            {pending ? t.saving : stateLabel(t)[task.state]}
          </span>
        )}
      </div>
      {!collapsed && (task.details.length > 0 || task.requirements.length > 0) && (
        <div className="spec-task-details" data-testid="spec-task-details">
          {task.details.length > 0 && (
            <ul>
              {task.details.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          )}
          {task.requirements.length > 0 && <div className="spec-reqs">{t.requirements(task.requirements)}</div>}
        </div>
      )}
      {expanded && run?.assessment && <Judgement task={task} state={run} />}
      {run?.tickProblem && (
        <div className="spec-task-error warn-text" data-testid="spec-task-tick-problem">
          {t.tickProblem(run.tickProblem)}
        </div>
      )}
      {error && (
        <div className="spec-task-error error-text" role="alert" data-testid="spec-task-error">
          {error}
        </div>
      )}
    </li>
  );
}

function Checklist({ detail, spec, session, run }: { detail: SpecDetailT; spec: SpecSourceRef; session: SpecSession; run: SpecRun }) {
  const t = useText(specsStrings);
  const client = useClient();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const blocked = runBlocked(session, run, t);
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const listRef = useRef<HTMLUListElement>(null);
  const rows = useMemo(() => specRows(detail.tasks, collapsed), [detail.tasks, collapsed]);
  const focusIndex = Math.max(0, rows.findIndex((r) => r.task.id === focusId));
  const focused = rows[focusIndex]?.task.id ?? null;

  useEffect(() => {
    document.getElementById(`spec-task-${focused}`)?.scrollIntoView({ block: 'nearest' });
  }, [focused]);

  const fold = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const toggle = async (task: SpecTaskT) => {
    if (pending.has(task.id)) return;
    setPending((p) => new Set(p).add(task.id));
    setErrors(({ [task.id]: _, ...rest }) => rest);
    try {
      const answer = await client.invoke('specs.setTaskState', {
        source: spec.source,
        name: spec.name,
        taskId: task.id,
        title: task.title,
        state: nextState(task.state),
        line: task.line,
      });
      queryClient.setQueryData(specQuery(client, spec).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: specsListQuery(client).queryKey });
    } catch (err) {
      const couldNot = task.state === 'done' ? t.couldNotReopen : t.couldNotMarkDone;
      setErrors((e) => ({ ...e, [task.id]: couldNot(task.number ?? null, (err as Error).message) }));
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(task.id);
        return next;
      });
    }
  };

  const expand = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys on a row's run buttons are theirs (Space presses the button, it does not tick the task).
    if (event.target !== event.currentTarget) return;
    const row = rows[focusIndex];
    if (!row) return;
    const move = (i: number) => {
      event.preventDefault();
      setFocusId(rows[Math.max(0, Math.min(rows.length - 1, i))].task.id);
    };
    switch (event.key) {
      case ' ':
        event.preventDefault();
        void toggle(row.task);
        break;
      case 'ArrowDown':
        move(focusIndex + 1);
        break;
      case 'ArrowUp':
        move(focusIndex - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        if (row.foldable && row.collapsed) fold(row.task.id);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        if (row.foldable && !row.collapsed) fold(row.task.id);
        else if (row.task.parentId) setFocusId(row.task.parentId);
        break;
      case 'Enter':
        event.preventDefault();
        if (row.foldable) fold(row.task.id);
        break;
    }
  };

  if (!detail.tasks.length)
    return (
      <div className="empty" data-testid="spec-no-tasks">
        {t.noTasksBefore(detail.spec.tasksPath)}
        <code>{t.taskLineExample}</code>
        {t.noTasksAfter}
      </div>
    );

  return (
    <ul
      ref={listRef}
      className="spec-tasks"
      role="listbox"
      aria-label={t.tasksOf(detail.spec.name)}
      aria-activedescendant={focused ? `spec-task-${focused}` : undefined}
      tabIndex={0}
      data-testid="spec-tasks"
      onKeyDown={onKeyDown}
    >
      {rows.map((row) => (
        <TaskRow
          key={row.task.id}
          row={row}
          focused={row.task.id === focused}
          pending={pending.has(row.task.id)}
          error={errors[row.task.id] ?? run.errors[`only:${row.task.id}`] ?? run.errors[`from:${row.task.id}`]}
          run={session.states.get(row.task.id)}
          blocked={blocked}
          starting={run.starting === `only:${row.task.id}` ? 'only' : run.starting === `from:${row.task.id}` ? 'from' : null}
          expanded={expanded.has(row.task.id)}
          onToggle={() => void toggle(row.task)}
          onFold={() => fold(row.task.id)}
          onFocus={() => setFocusId(row.task.id)}
          onExpand={() => expand(row.task.id)}
          onRun={(params) => void run.run(`${params.only ? 'only' : 'from'}:${row.task.id}`, params)}
        />
      ))}
    </ul>
  );
}

/** The spec's newest session: its status, how far it got, and a link to its board and activity. */
function SessionLine({ session }: { session: SpecSession }) {
  const reasonText = useReasonText();
  const t = useText(specsStrings);
  const { sessionId, status, detail } = session;
  const queuePosition = useSessionStore((s) => s.sessions.find((x) => x.sessionId === sessionId)?.queuePosition ?? null);
  if (!sessionId) return null;
  const todos = detail?.todos ?? [];
  const done = todos.filter((t) => t.status === 'done').length;
  const judged = todos.filter((t) => t.assessment?.judgedDone).length;
  const failed = todos.filter((t) => t.status === 'failed').length;
  const view = () => {
    useSessionStore.getState().open(sessionId);
    useUiStore.getState().setSidebar('agent');
  };
  return (
    <div className="spec-session" data-testid="spec-session" data-status={status ?? 'starting'} role="status">
      <span className={`tone-text tone-${status ? statusTone(status) : 'busy'}`}>✦ {status ? statusText(status, queuePosition) : t.sessionStarting}</span>
      {todos.length > 0 && (
        <span className="spec-dim">{t.sessionProgress(done, todos.length, judged, failed)}</span>
      )}
      {detail?.statusReason && (status === 'paused' || status === 'failed' || status === 'waiting_approval' || status === 'queued') && <span className="spec-dim spec-session-reason">{reasonText(detail.statusReason, detail.statusReasonWords)}</span>}
      <button type="button" className="link" onClick={view} data-testid="spec-view-session">
        {t.viewSession}
      </button>
    </div>
  );
}

/** The Specs view's main area: the selected spec's tasks as a checklist, its parser problems, open tasks.md. */
export function SpecView() {
  const t = useText(specsStrings);
  const client = useClient();
  const selected = useSpecsStore((s) => s.selected);
  const list = useQuery(specsListQuery(client));
  const detail = useQuery({ ...specQuery(client, selected ?? { source: 'akira', name: '-' }), enabled: !!selected });
  const summaryOf = selected ? (detail.data?.spec ?? list.data?.specs.find((s) => s.source === selected.source && s.name === selected.name)) : undefined;
  const tasksPath = summaryOf?.hasTasks ? summaryOf.tasksPath : null;
  const session = useSpecSession(tasksPath);
  const run = useSpecRun(tasksPath);

  if (!selected) return list.data && !list.data.specs.length ? <SpecsEmpty /> : <div className="empty">{t.selectSpec}</div>;
  const summary = detail.data?.spec ?? list.data?.specs.find((s) => s.source === selected.source && s.name === selected.name);

  const openTasks = () => {
    if (!summary) return;
    useUiStore.getState().openFile(summary.tasksPath);
    useUiStore.getState().setSidebar('files');
  };

  return (
    <div className="spec-view" data-testid="spec-view" data-spec={selected.name}>
      <header className="spec-header">
        <div className="spec-header-title">
          <span className="spec-title">{selected.name}</span>
          <SourceBadge spec={selected} />
          {summary?.hasTasks && <ProgressBar progress={summary.progress} testId="spec-view-progress" />}
        </div>
        <div className="spec-header-actions">
          {summary && <span className="spec-dim spec-dir">{summary.dir}</span>}
          <button className="spec-button" disabled={!summary?.hasTasks} onClick={openTasks} data-testid="spec-open-tasks" title={summary ? t.openTasksTitle(summary.tasksPath) : undefined}>
            {t.openTasksMd}
          </button>
          {summary?.hasTasks && run.worktreeCheck}
          <button
            className="spec-button primary"
            disabled={!summary?.hasTasks || !!runBlocked(session, run, t) || summary.progress.done >= summary.progress.total}
            onClick={() => void run.run('all', {})}
            data-testid="spec-run-all"
            title={
              runBlocked(session, run, t) ?? (summary && summary.progress.done >= summary.progress.total ? t.everyTaskTicked : t.runAllTitle)
            }
          >
            {run.starting === 'all' ? t.starting : t.runAll}
          </button>
        </div>
      </header>
      <SessionLine session={session} />
      {run.errors.all && (
        <div className="spec-run-error error-text" role="alert" data-testid="spec-run-error">
          {run.errors.all}
        </div>
      )}
      {run.dialog}
      <div className="spec-body">
        {detail.isPending ? (
          <div className="empty">{t.readingSpec(selected.name)}</div>
        ) : detail.isError ? (
          <div className="empty error-text" role="alert" data-testid="spec-error">
            {t.couldNotReadSpec(selected.name, detail.error.message)}{' '}
            <button className="link" onClick={() => void detail.refetch()}>
              {t.retry}
            </button>
          </div>
        ) : (
          <>
            {detail.data.problems.length > 0 && (
              <div className="spec-problems" role="status" data-testid="spec-problems">
                <div className="spec-problems-title">⚠ {t.problemsReading(detail.data.problems.length, detail.data.spec.tasksPath)}</div>
                <ul>
                  {detail.data.problems.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              </div>
            )}
            {!detail.data.spec.hasTasks ? (
              <div className="empty" data-testid="spec-no-tasks">
                {t.noTasksMdYet(detail.data.spec.tasksPath)}
              </div>
            ) : (
              <Checklist key={`${selected.source}:${selected.name}`} detail={detail.data} spec={selected} session={session} run={run} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
