import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useClient } from '../../client/ClientContext';
import { ContextComposer } from '../context/ContextComposer';
import { useDraftText } from '../context/draftStore';
import { RulesLine } from '../context/RulesLine';
import { useImageAttachments } from '../context/useImageAttachments';
import { isolationQuery, modesQuery, settingsQuery } from './agentQueries';
import { message } from './sessionFormat';
import { useBusyQuestion } from './BusyQuestion';
import { useServerTrust } from './ServerTrust';
import { useAskInsert } from './useAskInsert';
import { useSessionStore } from './sessionStore';
import { isolationBlocked } from './worktreeWords';
import { startStrings } from './startStrings';
import { useReasonText, useText } from '../../i18n';
import { modeText } from './modeText';
import { EditorContextChips, useEditorContextChips } from './EditorContextChips';

/**
 * Type a task, pick a mode and a model, start: the new session opens. "Run in its own worktree" starts it in its
 * own git worktree and branch (akira/<8>), beside whatever runs in the workspace's tree without asking; it is
 * off, with the reason, where agent.isolation says worktrees cannot be used (not a git repository …). The task box
 * completes `@` mentions and shows them as chips, takes pasted or dropped images (features/context), says which
 * rules files the agent will be told, and takes "Ask the agent about this" from the file viewer. Under it, the editor's
 * context (the active file, its selection, the open tabs) as chips the person may remove (EditorContextChips).
 */
export function StartSessionForm({ onStarted }: { onStarted?(sessionId: string): void }) {
  const t = useText(startStrings);
  const client = useClient();
  const modes = useQuery(modesQuery(client));
  const settings = useQuery(settingsQuery(client));
  const [task, setTask] = useDraftText('task');
  const taskRef = useRef<HTMLTextAreaElement>(null);
  const images = useImageAttachments('task');
  const editor = useEditorContextChips();
  useAskInsert('task', task, setTask, taskRef);
  const [mode, setMode] = useState<string>('');
  const [model, setModel] = useState('');
  const [inWorktree, setInWorktree] = useState(false);
  const isolation = useQuery(isolationQuery(client));
  const worktreeAvailable = isolation.data?.worktree.available ?? false;
  const worktreeReason = isolationBlocked(isolation.data, isolation.error);
  const worktree = inWorktree && worktreeAvailable;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trust = useServerTrust();
  const busy = useBusyQuestion();

  const effective = settings.data?.effective;
  const defaultMode = effective?.agent.mode ?? 'code-dev';
  const configuredModel = effective?.model.model ?? null;
  const reasonText = useReasonText();
  // Why no model can be used yet, in the UI's language when the core sent its words (issue 14).
  const modelError = reasonText(effective?.model.error ?? null, effective?.model.errorWords);
  const chosenMode = mode || defaultMode;
  const modeInfo = modes.data?.modes.find((m) => m.id === chosenMode);

  async function start(e?: FormEvent) {
    e?.preventDefault();
    if (!task.trim() || starting) return;
    setStarting(true);
    setError(null);
    const imageInputs = images.inputs();
    const editorContext = editor.kept();
    try {
      // Another session running in this folder: ask (queue it / run anyway), then send it again with the answer.
      const started = await trust.run(() =>
        busy.run(
          (extra) =>
            client.invoke('agent.start', {
              task,
              ...(mode ? { mode } : {}),
              ...(model.trim() ? { model: model.trim() } : {}),
              ...(worktree ? { isolation: 'worktree' as const } : {}),
              ...(imageInputs ? { images: imageInputs } : {}),
              ...(editorContext ? { editorContext } : {}),
              ...extra,
            }),
          task,
        ),
      );
      if (!started) return;
      const { sessionId } = started;
      setTask('');
      images.clear();
      editor.reset();
      useSessionStore.getState().open(sessionId);
      onStarted?.(sessionId);
    } catch (err) {
      setError(message(err));
    } finally {
      setStarting(false);
    }
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void start();
  };

  return (
    <form className="start-form" onSubmit={start} data-testid="start-form">
      <ContextComposer
        value={task}
        onChange={setTask}
        images={images}
        inputRef={taskRef}
        chipsTestId="start-chips"
        textarea={{
          className: 'start-task',
          placeholder: t.taskPlaceholder,
          'aria-label': t.task,
          'data-testid': 'start-task',
          rows: 4,
          onKeyDown: onKey,
        }}
      />
      <EditorContextChips state={editor} />
      <RulesLine />
      <div className="start-row">
        <label className="start-field">
          <span>{t.mode}</span>
          <select value={chosenMode} onChange={(e) => setMode(e.target.value)} data-testid="start-mode" aria-label={t.mode}>
            {(modes.data?.modes ?? [{ id: defaultMode, name: defaultMode, description: '', builtIn: true }]).map((m) => (
              <option key={m.id} value={m.id}>
                {modeText(m).name}
                {m.builtIn ? '' : t.custom}
              </option>
            ))}
          </select>
        </label>
        <label className="start-field">
          <span>{t.model}</span>
          <input
            value={model}
            placeholder={configuredModel ?? t.configuredModel}
            onChange={(e) => setModel(e.target.value)}
            data-testid="start-model"
            aria-label={t.model}
            spellCheck={false}
          />
        </label>
      </div>
      <label className={`start-check ${worktreeAvailable ? '' : 'disabled'}`} title={worktreeReason ?? t.worktreeHint} data-testid="start-worktree-label">
        <input type="checkbox" checked={worktree} disabled={!worktreeAvailable} onChange={(e) => setInWorktree(e.target.checked)} data-testid="start-worktree" aria-describedby={worktreeReason ? 'start-worktree-reason' : undefined} />
        <span>
          {t.runInWorktree} <span className="start-check-dim">{t.branchAkira}</span>
        </span>
      </label>
      {worktreeReason && !isolation.isPending && (
        <div className="start-hint start-check-reason" id="start-worktree-reason" data-testid="start-worktree-reason">
          {worktreeReason}
        </div>
      )}
      {modeInfo?.description && <div className="start-hint">{modeText(modeInfo).description}</div>}
      {/* The message names its file already; its words say it in the UI's language (issue 14). */}
      {modes.data?.errors.map((e) => (
        <div key={e.file} className="start-hint error-text" data-testid="start-mode-error">
          {reasonText(e.message, e.words)}
        </div>
      ))}
      {modes.error && <div className="start-hint error-text">{t.modesError(modes.error.message)}</div>}
      {modelError && !model.trim() && <div className="start-hint warn-text">{modelError}</div>}
      {error && (
        <div className="start-hint error-text" role="alert" data-testid="start-error">
          {error}
        </div>
      )}
      <button className="ag-button primary" type="submit" disabled={!task.trim() || starting} data-testid="start-submit">
        {starting ? t.starting : t.startSession}
      </button>
      {trust.dialog}
      {busy.dialog}
    </form>
  );
}
