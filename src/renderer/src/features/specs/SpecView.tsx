import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SpecDetailT, SpecTaskT } from '../../../../shared/contract';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { nextState, specRows, type SpecRow } from './specRows';
import { specQuery, specsListQuery } from './specsQueries';
import { useSpecsStore, type SpecSourceRef } from './specsStore';
import { ProgressBar, SourceBadge, SpecsEmpty } from './SpecsPanel';
import './specs.css';

const stateLabel: Record<SpecTaskT['state'], string> = { open: 'open', in_progress: 'in progress', done: 'done' };

function TaskRow({
  row,
  focused,
  pending,
  error,
  onToggle,
  onFold,
  onFocus,
}: {
  row: SpecRow;
  focused: boolean;
  pending: boolean;
  error: string | undefined;
  onToggle(): void;
  onFold(): void;
  onFocus(): void;
}) {
  const { task, depth, foldable, collapsed } = row;
  return (
    <li
      id={`spec-task-${task.id}`}
      className={`spec-task state-${task.state} ${focused ? 'focused' : ''}`}
      style={{ paddingLeft: 8 + depth * 20 }}
      data-testid="spec-task"
      data-task-id={task.id}
      data-state={task.state}
      role="option"
      aria-selected={focused}
      aria-checked={task.state === 'done' ? true : task.state === 'in_progress' ? 'mixed' : false}
      onMouseDown={onFocus}
    >
      <div className="spec-task-line">
        <button
          className={`spec-fold ${foldable ? '' : 'hidden'}`}
          tabIndex={-1}
          aria-label={collapsed ? 'Expand' : 'Collapse'}
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
          aria-label={`${task.state === 'done' ? 'Reopen' : 'Mark done'}: ${task.number ?? ''} ${task.title}`}
          data-testid="spec-task-check"
          onChange={onToggle}
        />
        {task.number && <span className="spec-task-number">{task.number}</span>}
        <span className="spec-task-title">
          {task.title}
          {task.optional && <span className="spec-optional" title="Optional task (marked with *)">optional</span>}
        </span>
        <span className={`spec-state spec-state-${task.state}`} data-testid="spec-task-state">
          {pending ? 'saving…' : stateLabel[task.state]}
        </span>
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
          {task.requirements.length > 0 && <div className="spec-reqs">Requirements: {task.requirements.join(', ')}</div>}
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

function Checklist({ detail, spec }: { detail: SpecDetailT; spec: SpecSourceRef }) {
  const client = useClient();
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
      setErrors((e) => ({ ...e, [task.id]: `Could not ${task.state === 'done' ? 'reopen' : 'mark done'} ${task.number ?? 'this task'}: ${(err as Error).message}` }));
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(task.id);
        return next;
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
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

  if (!detail.tasks.length) return <div className="empty" data-testid="spec-no-tasks">No tasks in {detail.spec.tasksPath} (a task is a line like <code>- [ ] 1. Title</code>).</div>;

  return (
    <ul
      ref={listRef}
      className="spec-tasks"
      role="listbox"
      aria-label={`Tasks of ${detail.spec.name} (Space marks the focused task done or reopens it)`}
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
          error={errors[row.task.id]}
          onToggle={() => void toggle(row.task)}
          onFold={() => fold(row.task.id)}
          onFocus={() => setFocusId(row.task.id)}
        />
      ))}
    </ul>
  );
}

/** The Specs view's main area: the selected spec's tasks as a checklist, its parser problems, open tasks.md. */
export function SpecView() {
  const client = useClient();
  const selected = useSpecsStore((s) => s.selected);
  const list = useQuery(specsListQuery(client));
  const detail = useQuery({ ...specQuery(client, selected ?? { source: 'akira', name: '-' }), enabled: !!selected });

  if (!selected) return list.data && !list.data.specs.length ? <SpecsEmpty /> : <div className="empty">Select a spec.</div>;
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
          <button className="spec-button" disabled={!summary?.hasTasks} onClick={openTasks} data-testid="spec-open-tasks" title={summary ? `Open ${summary.tasksPath} in the editor` : undefined}>
            Open tasks.md
          </button>
        </div>
      </header>
      <div className="spec-body">
        {detail.isPending ? (
          <div className="empty">Reading {selected.name}…</div>
        ) : detail.isError ? (
          <div className="empty error-text" role="alert" data-testid="spec-error">
            Could not read {selected.name}: {detail.error.message}{' '}
            <button className="link" onClick={() => void detail.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <>
            {detail.data.problems.length > 0 && (
              <div className="spec-problems" role="status" data-testid="spec-problems">
                <div className="spec-problems-title">⚠ {detail.data.problems.length === 1 ? 'One problem' : `${detail.data.problems.length} problems`} reading {detail.data.spec.tasksPath}</div>
                <ul>
                  {detail.data.problems.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              </div>
            )}
            {!detail.data.spec.hasTasks ? (
              <div className="empty" data-testid="spec-no-tasks">
                This spec has no tasks.md yet ({detail.data.spec.tasksPath}).
              </div>
            ) : (
              <Checklist key={`${selected.source}:${selected.name}`} detail={detail.data} spec={selected} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
