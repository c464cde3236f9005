import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useClient } from '../../client/ClientContext';
import { message } from '../agent/sessionFormat';
import type { BoardTodo } from './boardReducer';
import { boardStrings } from './boardStrings';
import { STATUS_TEXT } from './TodoCard';
import { useText } from '../../i18n';
import { addTodo, draftOf, isBlank, isEdited, moveTodo, removeTodo, toPlanTodos, updateTodo, validateDraft, withoutBlank, type DraftMode, type DraftTodo } from './planDraft';

interface Props {
  sessionId: string;
  todos: BoardTodo[];
  /** plan: the proposed plan waits for approval; edit: the TODOs not started yet. */
  mode: DraftMode;
  onDone?(): void;
}

/** Enter without Shift (and not while an input method composes): the key that adds the next TODO. */
const isPlainEnter = (e: KeyboardEvent<HTMLTextAreaElement>) => e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.nativeEvent.isComposing;

function Row({ todo: t, index, count, problem, descriptionRef, onChange, onMove, onRemove, onAddAfter, onLeave }: {
  todo: DraftTodo;
  index: number;
  count: number;
  problem: string | undefined;
  /** Gets the description field (a row just added puts the cursor there). */
  descriptionRef(el: HTMLTextAreaElement | null): void;
  onChange(patch: Partial<Pick<DraftTodo, 'description' | 'expectedResult'>>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  onAddAfter(): void;
  /** Focus left the row for somewhere that is not one of the editor's buttons (they handle blank rows themselves). */
  onLeave(): void;
}) {
  const words = useText(boardStrings);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isPlainEnter(e) || t.locked) return;
    e.preventDefault();
    onAddAfter();
  };
  return (
    <li
      className={`plan-row ${t.locked ? 'locked' : ''}`}
      data-testid="plan-row"
      data-todo-id={t.id ?? ''}
      onBlur={(e) => {
        const to = e.relatedTarget as HTMLElement | null;
        if (to && e.currentTarget.contains(to)) return;
        if (to?.closest('.plan-editor') && to.tagName === 'BUTTON') return;
        onLeave();
      }}
    >
      <div className="plan-row-index">{index + 1}</div>
      <div className="plan-row-fields">
        <textarea
          ref={descriptionRef}
          className="plan-input"
          value={t.description}
          placeholder={words.whatToDo}
          aria-label={words.descriptionLabel(index + 1)}
          title={words.enterAddsTitle}
          data-testid="plan-description"
          readOnly={t.locked}
          rows={2}
          onKeyDown={onKeyDown}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        <textarea
          className="plan-input expected"
          value={t.expectedResult}
          placeholder={words.expectedPlaceholder}
          aria-label={words.expectedLabel(index + 1)}
          title={words.enterAddsTitle}
          data-testid="plan-expected"
          readOnly={t.locked}
          rows={1}
          onKeyDown={onKeyDown}
          onChange={(e) => onChange({ expectedResult: e.target.value })}
        />
        {t.locked && <div className="plan-row-note">{words.startedStays(t.status in STATUS_TEXT ? words[STATUS_TEXT[t.status as keyof typeof STATUS_TEXT]] : t.status)}</div>}
        {problem && <div className="plan-row-note error-text">{problem}</div>}
      </div>
      <div className="plan-row-actions">
        <button className="icon-button" title={words.moveUp} aria-label={words.moveUp} disabled={t.locked || index === 0} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button className="icon-button" title={words.moveDown} aria-label={words.moveDown} disabled={t.locked || index === count - 1} onClick={() => onMove(1)}>
          ↓
        </button>
        <button className="icon-button" title={words.addAfterTitle} aria-label={words.addAfter} onClick={onAddAfter}>
          +
        </button>
        <button className="icon-button" title={words.delete} aria-label={words.delete} data-testid="plan-delete" disabled={t.locked} onClick={onRemove}>
          ×
        </button>
      </div>
    </li>
  );
}

/**
 * Edits a TODO list before it goes back to the agent: the proposed plan (approve as edited, or reject with
 * feedback: the model plans again), or the TODOs not started yet (saved with agent.editTodos). From the keyboard:
 * a new TODO gets the cursor, Enter adds the next one after it, and a TODO left blank goes away (planDraft.ts).
 */
export function PlanEditor({ sessionId, todos, mode, onDone }: Props) {
  const words = useText(boardStrings);
  const client = useClient();
  const source = useMemo(() => todos.map(({ id, description, expectedResult, status }) => ({ id, description, expectedResult, status })), [todos]);
  const [draft, setDraft] = useState(() => draftOf(source, mode));
  const [rejecting, setRejecting] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The row just added (its description takes the cursor when it mounts). */
  const focusKey = useRef<string | null>(null);
  const problems = validateDraft(draft);
  const edited = isEdited(draft, source);

  async function run(fn: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
      onDone?.();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  /** A new TODO after `afterKey` (at the end without one), blank rows dropped first; the cursor goes into it. */
  const add = (afterKey?: string) => {
    const anchor = afterKey ? draft.find((t) => t.key === afterKey) : undefined;
    if (anchor && isBlank(anchor)) return; // Enter on an empty TODO adds no other empty one
    const next = addTodo(withoutBlank(draft), afterKey);
    focusKey.current = next.key;
    setDraft(next.draft);
  };
  /** The description's ref: takes the cursor once, when its row is the one just added. */
  const takeFocus = (key: string) => (el: HTMLTextAreaElement | null) => {
    if (!el || focusKey.current !== key) return;
    focusKey.current = null;
    el.focus();
  };
  const dropIfBlank = (key: string) => setDraft((d) => (d.some((t) => t.key === key && isBlank(t)) ? removeTodo(d, key) : d));

  // Approving or saving drops the blank rows from the editor too (toPlanTodos never sends them).
  const approve = () => {
    setDraft(withoutBlank(draft));
    return run(() => client.invoke('agent.approvePlan', { sessionId, approved: true, ...(edited ? { todos: toPlanTodos(draft) } : {}) }));
  };
  const reject = () => run(() => client.invoke('agent.approvePlan', { sessionId, approved: false, feedback: feedback.trim() }));
  const save = () => {
    setDraft(withoutBlank(draft));
    return run(() => client.invoke('agent.editTodos', { sessionId, todos: toPlanTodos(draft) }));
  };

  return (
    <div className="plan-editor" data-testid={mode === 'plan' ? 'plan-approval' : 'todo-editor'}>
      <div className="plan-editor-head">
        {mode === 'plan' ? (
          <>
            <strong>{words.planWaits}</strong> {words.planWaitsHint}
          </>
        ) : (
          <>
            <strong>{words.editNotStarted}</strong> {words.editNotStartedHint}
          </>
        )}
      </div>
      <ol className="plan-rows">
        {draft.map((t, i) => (
          <Row
            key={t.key}
            todo={t}
            index={i}
            count={draft.length}
            problem={problems.get(t.key)}
            descriptionRef={takeFocus(t.key)}
            onChange={(patch) => setDraft((d) => updateTodo(d, t.key, patch))}
            onMove={(by) => setDraft((d) => moveTodo(d, t.key, by))}
            onRemove={() => setDraft((d) => removeTodo(d, t.key))}
            onAddAfter={() => add(t.key)}
            onLeave={() => dropIfBlank(t.key)}
          />
        ))}
      </ol>
      <div className="plan-add-line">
        <button className="link plan-add" onClick={() => add()} data-testid="plan-add">
          {words.addTodo}
        </button>
        <span className="plan-keys">{words.keysHint}</span>
      </div>
      {problems.get('') && <div className="error-text">{problems.get('')}</div>}
      {error && (
        <div className="error-text" role="alert" data-testid="plan-error">
          {error}
        </div>
      )}
      {rejecting ? (
        <div className="plan-reject">
          <textarea
            className="plan-input"
            autoFocus
            rows={3}
            value={feedback}
            placeholder={words.feedbackPlaceholder}
            aria-label={words.feedbackLabel}
            data-testid="plan-feedback"
            onChange={(e) => setFeedback(e.target.value)}
          />
          <div className="plan-buttons">
            <button className="ag-button danger" disabled={busy || !feedback.trim()} onClick={reject} data-testid="plan-reject-send">
              {words.rejectAndReplan}
            </button>
            <button className="ag-button" disabled={busy} onClick={() => setRejecting(false)}>
              {words.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="plan-buttons">
          {mode === 'plan' ? (
            <>
              <button className="ag-button primary" disabled={busy || problems.size > 0} onClick={approve} data-testid="plan-approve">
                {edited ? words.approveEdited : words.approvePlan}
              </button>
              <button className="ag-button" disabled={busy} onClick={() => setRejecting(true)} data-testid="plan-reject">
                {words.rejectEllipsis}
              </button>
            </>
          ) : (
            <>
              <button className="ag-button primary" disabled={busy || problems.size > 0 || !edited} onClick={save} data-testid="todo-editor-save">
                {words.saveTodos}
              </button>
              <button className="ag-button" disabled={busy} onClick={onDone}>
                {words.cancel}
              </button>
            </>
          )}
          {edited && <span className="plan-edited">{words.edited}</span>}
        </div>
      )}
    </div>
  );
}
