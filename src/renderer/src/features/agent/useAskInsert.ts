import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useAskStore } from '../context/askStore';
import { withMentionAdded } from '../context/askText';
import { canStop } from './sessionFormat';
import { useSessionStore } from './sessionStore';

/**
 * Which box answers "Ask the agent about this": the shown session's message box while it has not ended, else the task
 * box. A session just started is shown before the list has been fetched again: it has not ended either.
 */
export function useAskTarget(): 'task' | 'message' {
  return useSessionStore((s) => {
    if (!s.currentSessionId) return 'task';
    const current = s.sessions.find((x) => x.sessionId === s.currentSessionId);
    return !current || canStop(current.status) ? 'message' : 'task';
  });
}

/**
 * Takes an "Ask the agent about this" request (features/context/askStore.ts) when this box is the one that answers:
 * the mention is added at the end of its text, and the box gets the focus with the caret after it.
 */
export function useAskInsert(target: 'task' | 'message', text: string, setText: (text: string) => void, inputRef: RefObject<HTMLTextAreaElement | null>): void {
  const request = useAskStore((s) => s.request);
  const wanted = useAskTarget();
  const latest = useRef(text);
  latest.current = text;
  const focusAt = useRef<string | null>(null);

  useEffect(() => {
    if (!request || wanted !== target) return;
    useAskStore.getState().take(request.id);
    const next = withMentionAdded(latest.current, request.text);
    focusAt.current = next;
    setText(next);
  }, [request, wanted, target, setText]);

  // Once the box shows the new text: the caret after the mention, the focus in the box.
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (focusAt.current === null || focusAt.current !== text || !el) return;
    focusAt.current = null;
    el.setSelectionRange(text.length, text.length);
    el.focus();
  }, [text, inputRef]);
}
