import { useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { useBoardStore } from '../board/boardStore';
import { message } from '../agent/sessionFormat';
import type { ActivityItem } from './activityItems';
import { Card, Folded, prettyInput, TodoChip } from './CardParts';

type Of<K extends ActivityItem['kind']> = Extract<ActivityItem, { kind: K }>;

export function VerificationCard({ item }: { item: Of<'verification'> }) {
  const next =
    item.approved ? null : item.nextStatus === 'failed' ? 'The TODO failed: the retry limit is reached.' : item.final ? null : 'Sent back to the agent with this feedback.';
  return (
    <Card
      kind="verification"
      tone={item.approved ? 'ok' : 'bad'}
      icon={item.approved ? '✓' : '✗'}
      title={
        <>
          {item.final ? 'Final check of the whole task' : 'Verification'} {!item.final && <TodoChip todoId={item.todoId} />}{' '}
          <span className={`ac-verdict ${item.approved ? 'ok' : 'bad'}`} data-testid="verdict">
            {item.approved ? 'approved' : 'rejected'}
          </span>
        </>
      }
      meta={<span title="The reviewer's confidence">{Math.round(item.confidence * 100)}% confident</span>}
    >
      {item.feedback && <div className="ac-feedback">{item.feedback}</div>}
      {next && <div className="ac-note">{next}</div>}
    </Card>
  );
}

const CHOICE_TEXT = { retry: 'Retry', skip: 'Skip', edit: 'Edit…', stop: 'Stop' } as const;
const CHOICE_HINT = {
  retry: 'Send it back to the agent for another try',
  skip: 'Leave it and go on with the next TODO',
  edit: 'Change what it asks for, then retry',
  stop: 'End the session here',
} as const;

/** Retry, skip, edit or stop: answers the session's open question (agent.answer). */
export function QuestionActions({ sessionId, questionId, todoId, options }: { sessionId: string; questionId: string; todoId: string; options: Of<'error'>['options'] }) {
  const client = useClient();
  const todo = useBoardStore((s) => s.board.todos.find((t) => t.id === todoId));
  const [editing, setEditing] = useState(false);
  const [description, setDescription] = useState(todo?.description ?? '');
  const [expected, setExpected] = useState(todo?.expectedResult ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function answer(choice: Of<'error'>['options'][number]) {
    if (choice === 'edit' && !editing) {
      setEditing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await client.invoke('agent.answer', {
        sessionId,
        questionId,
        choice,
        ...(choice === 'edit' ? { todo: { description: description.trim(), expectedResult: expected.trim() } } : {}),
      });
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ac-question">
      {editing && (
        <div className="ac-edit">
          <textarea className="ac-input" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} aria-label="TODO description" />
          <textarea className="ac-input" rows={1} value={expected} onChange={(e) => setExpected(e.target.value)} aria-label="Expected result" />
        </div>
      )}
      <div className="ac-actions">
        {editing ? (
          <>
            <button className="ag-button primary" disabled={busy || !description.trim() || !expected.trim()} onClick={() => answer('edit')} data-testid="answer-edit-send">
              Save and retry
            </button>
            <button className="ag-button" disabled={busy} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </>
        ) : (
          options.map((o) => (
            <button
              key={o}
              className={`ag-button ${o === 'retry' ? 'primary' : o === 'stop' ? 'danger' : ''}`}
              title={CHOICE_HINT[o]}
              disabled={busy}
              onClick={() => answer(o)}
              data-testid={`answer-${o}`}
            >
              {CHOICE_TEXT[o]}
            </button>
          ))
        )}
      </div>
      {error && <div className="ac-note error-text">{error}</div>}
    </div>
  );
}

/** What failed, in which tool, and what to do next (the buttons answer the session's question). */
export function ErrorCard({ item, sessionId }: { item: Of<'error'>; sessionId: string }) {
  const open = useBoardStore((s) => s.board.question?.questionId === item.questionId);
  return (
    <Card
      kind="error"
      tone={item.answered ? 'dim' : 'bad'}
      icon="⚠"
      title={
        <>
          TODO <TodoChip todoId={item.todoId} /> failed
        </>
      }
      meta={item.answered && <span className="ac-state">you chose {item.answered}</span>}
    >
      <div className="ac-feedback">{item.text}</div>
      {item.failedTool && (
        <div className="ac-section">
          <span className="ac-label">
            Last failed tool: <span className="ac-tool-name">{item.failedTool.tool}</span>
          </span>
          {item.failedTool.input && <Folded cardKey={`${item.key}:in`} text={prettyInput(item.failedTool.input)} />}
          <Folded cardKey={`${item.key}:out`} text={item.failedTool.output} className="error-text" />
        </div>
      )}
      {!item.answered && open && item.todoId && (
        <>
          <div className="ac-label">Suggested next steps</div>
          <QuestionActions sessionId={sessionId} questionId={item.questionId} todoId={item.todoId} options={item.options} />
        </>
      )}
    </Card>
  );
}
