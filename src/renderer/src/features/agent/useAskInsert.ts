import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useAskStore } from '../context/askStore';
import { withMentionAdded } from '../context/askText';
import { askRoute } from './askRoute';
import { useSessionStore } from './sessionStore';

/** Which box answers "Ask the agent about this" (askRoute.ts); 'choose': the person picks (AskChooser.tsx). */
export function useAskTarget(): 'task' | 'message' | 'choose' {
  return useSessionStore((s) => askRoute(s.sessions, s.currentSessionId));
}

/**
 * Takes an "Ask the agent about this" request (features/context/askStore.ts) when this box is the one that answers:
 * the mention is added at the end of its text, and the box gets the focus with the caret after it.
 */
export function useAskInsert(target: 'task' | 'message', text: string, setText: (text: string) => void, inputRef: RefObject<HTMLTextAreaElement | null>): void {
  const request = useAskStore((s) => s.request);
  const route = useAskTarget();
  const wanted = request?.to ?? route;
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
