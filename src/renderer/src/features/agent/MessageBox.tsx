import { useState, type KeyboardEvent } from 'react';
import { useClient } from '../../client/ClientContext';
import { useBoardStore } from '../board/boardStore';
import { message } from './sessionFormat';

const ENDED = new Set(['completed', 'failed', 'stopped']);

/** Tell the agent something mid-session: it lands in the context of its next model call. */
export function MessageBox() {
  const client = useClient();
  const sessionId = useBoardStore((s) => s.board.sessionId);
  const status = useBoardStore((s) => s.board.status);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const ended = ENDED.has(status);

  async function send() {
    if (!sessionId || !text.trim() || busy) return;
    setBusy(true);
    setNote(null);
    try {
      await client.invoke('agent.sendMessage', { sessionId, text });
      setText('');
      setNote({ error: false, text: 'Sent: the agent reads it in its next model call.' });
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
      <textarea
        className="message-input"
        rows={2}
        value={text}
        disabled={ended}
        placeholder={ended ? 'The session has ended.' : 'Message the agent (Enter sends, Shift+Enter for a new line)'}
        aria-label="Message to the agent"
        data-testid="message-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <button className="ag-button primary" disabled={ended || busy || !text.trim()} onClick={send} data-testid="message-send">
        Send
      </button>
      {note && <div className={`message-note ${note.error ? 'error-text' : ''}`}>{note.text}</div>}
    </div>
  );
}
