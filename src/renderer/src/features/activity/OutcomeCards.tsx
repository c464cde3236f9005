import { useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { useBoardStore } from '../board/boardStore';
import { message } from '../agent/sessionFormat';
import type { ActivityItem } from './activityItems';
import { Card, Folded, prettyInput, TodoChip } from './CardParts';
import { toolCardStrings } from './toolCardStrings';
import { useLanguage, useText } from '../../i18n';
import { wordsText } from '../../../../shared/errors';

type Of<K extends ActivityItem['kind']> = Extract<ActivityItem, { kind: K }>;

export function VerificationCard({ item }: { item: Of<'verification'> }) {
  const t = useText(toolCardStrings);
  const next = item.approved ? null : item.nextStatus === 'failed' ? t.retryLimit : item.final ? null : t.sentBack;
  return (
    <Card
      kind="verification"
      tone={item.approved ? 'ok' : 'bad'}
      icon={item.approved ? '✓' : '✗'}
      title={
        <>
          {item.final ? t.finalCheck : t.verification} {!item.final && <TodoChip todoId={item.todoId} />}{' '}
          <span className={`ac-verdict ${item.approved ? 'ok' : 'bad'}`} data-testid="verdict">
            {item.approved ? t.approved : t.rejected}
          </span>
        </>
      }
      meta={<span title={t.confidenceTitle}>{t.confident(Math.round(item.confidence * 100))}</span>}
    >
      {item.feedback && <div className="ac-feedback">{item.feedback}</div>}
      {next && <div className="ac-note">{next}</div>}
    </Card>
  );
}

const CHOICE_TEXT = { retry: 'choiceRetry', skip: 'choiceSkip', edit: 'choiceEdit', stop: 'choiceStop' } as const;
const CHOICE_HINT = { retry: 'hintRetry', skip: 'hintSkip', edit: 'hintEdit', stop: 'hintStop' } as const;

/** Retry, skip, edit or stop: answers the session's open question (agent.answer). */
export function QuestionActions({ sessionId, questionId, todoId, options }: { sessionId: string; questionId: string; todoId: string; options: Of<'error'>['options'] }) {
  const t = useText(toolCardStrings);
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
          <textarea className="ac-input" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} aria-label={t.todoDescription} />
          <textarea className="ac-input" rows={1} value={expected} onChange={(e) => setExpected(e.target.value)} aria-label={t.expectedResult} />
        </div>
      )}
      <div className="ac-actions">
        {editing ? (
          <>
            <button className="ag-button primary" disabled={busy || !description.trim() || !expected.trim()} onClick={() => answer('edit')} data-testid="answer-edit-send">
              {t.saveAndRetry}
            </button>
            <button className="ag-button" disabled={busy} onClick={() => setEditing(false)}>
              {t.cancel}
            </button>
          </>
        ) : (
          options.map((o) => (
            <button
              key={o}
              className={`ag-button ${o === 'retry' ? 'primary' : o === 'stop' ? 'danger' : ''}`}
              title={t[CHOICE_HINT[o]]}
              disabled={busy}
              onClick={() => answer(o)}
              data-testid={`answer-${o}`}
            >
              {t[CHOICE_TEXT[o]]}
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
  const t = useText(toolCardStrings);
  const language = useLanguage();
  const failedSaid = item.failedTool?.errorWords ? wordsText(item.failedTool.errorWords, language) : null;
  const open = useBoardStore((s) => s.board.question?.questionId === item.questionId);
  return (
    <Card
      kind="error"
      tone={item.answered ? 'dim' : 'bad'}
      icon="⚠"
      title={
        <>
          {t.todoFailedBefore} <TodoChip todoId={item.todoId} /> {t.todoFailedAfter}
        </>
      }
      meta={item.answered && <span className="ac-state">{t.youChose(item.answered)}</span>}
    >
      <div className="ac-feedback">{item.text}</div>
      {item.failedTool && (
        <div className="ac-section">
          <span className="ac-label">
            {t.lastFailedTool} <span className="ac-tool-name">{item.failedTool.tool}</span>
          </span>
          {item.failedTool.input && <Folded cardKey={`${item.key}:in`} text={prettyInput(item.failedTool.input)} />}
          {failedSaid ? (
            // Its words in the UI's language (issue 14); the English the model read is the hover title.
            <div className="ac-tool-error error-text" title={item.failedTool.output} data-testid="failed-tool-error">
              {failedSaid}
            </div>
          ) : (
            <Folded cardKey={`${item.key}:out`} text={item.failedTool.output} className="error-text" />
          )}
        </div>
      )}
      {!item.answered && open && item.todoId && (
        <>
          <div className="ac-label">{t.nextSteps}</div>
          <QuestionActions sessionId={sessionId} questionId={item.questionId} todoId={item.todoId} options={item.options} />
        </>
      )}
    </Card>
  );
}
