import { useRef, useState, type KeyboardEvent } from 'react';
import { useClient } from '../../client/ClientContext';
import { useBoardStore } from '../board/boardStore';
import { ContextComposer } from '../context/ContextComposer';
import { useDraftText } from '../context/draftStore';
import { useImageAttachments } from '../context/useImageAttachments';
import { message } from './sessionFormat';
import { useAskInsert } from './useAskInsert';
import { agentStrings } from './agentStrings';
import { sessionStatusStrings } from '../../../../shared/agent/statusStrings';
import { textOf, useText } from '../../i18n';

const ENDED = new Set(['completed', 'failed', 'stopped']);

/**
 * Tell the agent something mid-session: it lands in the context of its next model call. After the session ended
 * (completed, failed or stopped) the box stays open for a follow-up: the session runs again as a new round (issue 25). The box completes `@`
 * mentions (chips under it) and takes pasted or dropped images, sent with the message (features/context); what is
 * typed is kept per session while the box is not shown.
 */
export function MessageBox() {
  const t = useText(agentStrings);
  const statusWords = useText(sessionStatusStrings);
  const client = useClient();
  const sessionId = useBoardStore((s) => s.board.sessionId);
  const status = useBoardStore((s) => s.board.status);
  const [text, setText] = useDraftText(`message:${sessionId ?? ''}`);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const images = useImageAttachments(`message:${sessionId ?? ''}`);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const ended = ENDED.has(status);
  useAskInsert('message', text, setText, inputRef);

  async function send() {
    if (!sessionId || !text.trim() || busy) return;
    setBusy(true);
    setNote(null);
    const imageInputs = images.inputs();
    try {
      const answer = await client.invoke('agent.sendMessage', { sessionId, text, ...(imageInputs ? { images: imageInputs } : {}) });
      setText('');
      images.clear();
      setNote({ error: false, text: answer.round ? textOf(agentStrings).followUpSent(answer.round) : textOf(agentStrings).messageSent });
    } catch (err) {
      setNote({ error: true, text: message(err) });
    } finally {
      setBusy(false);
    }
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <div className="message-box">
      <ContextComposer
        value={text}
        onChange={setText}
        images={images}
        inputRef={inputRef}
        placement="above"
        chipsTestId="message-chips"
        className="message-composer"
        textarea={{
          className: 'message-input',
          rows: 2,
          placeholder: ended ? t.followUpPlaceholder(statusWords[status]) : t.messagePlaceholder,
          'aria-label': t.messageLabel,
          'data-testid': 'message-input',
          onKeyDown: onKey,
        }}
      />
      <button className="ag-button primary" disabled={busy || !text.trim()} onClick={send} data-testid="message-send">
        {ended ? t.followUp : t.send}
      </button>
      {note && <div className={`message-note ${note.error ? 'error-text' : ''}`}>{note.text}</div>}
    </div>
  );
}
