import type { SidebarView } from '../../appState/uiStore';

/**
 * The control each view's "Show …" command (and key) hands the keyboard to, first match wins: the Agent view's
 * message box (a session is shown) or its task box, the Review pane (its single-letter keys act there, not in the
 * terminal), the Timeline's list, the first spec, the file tree, the commit message. Without it the focus stayed where
 * it was (the terminal took Review's `a`) or fell to the page, and the first Tab reached the status bar's folder
 * button (issue 27, defect 1).
 */
export const VIEW_FOCUS: Record<SidebarView, readonly string[]> = {
  files: ['[data-testid="file-tree"]'],
  search: ['[data-testid="search-query"]'],
  agent: ['[data-testid="message-input"]', '[data-testid="start-task"]'],
  changes: ['[data-testid="commit-message"]', '[data-testid="changes-panel"] button'],
  timeline: ['[data-testid="timeline-list"]', '[data-testid="checkpoint-label"]'],
  review: ['[data-testid="review-pane"]'],
  specs: ['[data-testid="spec-item"][aria-current="true"]', '[data-testid="spec-item"]'],
};

/** The frames to wait for the view to draw its control (it may load first), and to keep it focused while it settles. */
const FRAMES = 90;
const SETTLED = 10;

function shown(el: HTMLElement): boolean {
  return !el.closest('[hidden]') && !(el as HTMLInputElement).disabled && el.getClientRects().length > 0;
}

/** The view's main control on screen now, or null. */
export function viewControl(view: SidebarView): HTMLElement | null {
  for (const selector of VIEW_FOCUS[view]) {
    const el = [...document.querySelectorAll<HTMLElement>(selector)].find(shown);
    if (el) return el;
  }
  return null;
}

/**
 * Focuses the view's main control once it is drawn. A control that goes while the view loads (the Timeline's list
 * before it knows there are no checkpoints) drops the focus to the page: the next one takes it then. Gives up when the
 * person moved the focus elsewhere, or after a second and a half.
 */
export function focusView(view: SidebarView): void {
  let frames = 0;
  let held = 0;
  let given: HTMLElement | null = null;
  const step = () => {
    const now = document.activeElement;
    if (given && now === given && document.contains(given)) held++;
    else if (given && now && now !== document.body) return; // the person went elsewhere
    else {
      held = 0;
      given = viewControl(view);
      given?.focus();
    }
    if (held < SETTLED && ++frames < FRAMES) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
