import { useUiStore } from '../../appState/uiStore';
import { useSettingsStore } from '../settings/settingsStore';

const APPROVE = '[data-testid="plan-approve"]';
const FRAMES = 60;

/**
 * "Approve plan" (Ctrl+Shift+Enter): presses the plan's own Approve button, so an edited plan goes with its edits and
 * a plan with a blank TODO stays unapproved (the button is disabled then). A plan not on screen is not approved
 * unseen: the Agent view shows it with the focus on its Approve button, and Enter approves.
 */
export function approvePlanNow(): void {
  const button = document.querySelector<HTMLButtonElement>(APPROVE);
  const onScreen = useUiStore.getState().sidebar === 'agent' && !useSettingsStore.getState().open && !!button && button.getClientRects().length > 0;
  if (onScreen) {
    if (!button.disabled) button.click();
    else button.focus();
    return;
  }
  useSettingsStore.getState().closeSettings();
  useUiStore.getState().setSidebar('agent');
  let frames = 0;
  const step = () => {
    const shown = document.querySelector<HTMLButtonElement>(APPROVE);
    if (shown) shown.focus();
    else if (++frames < FRAMES) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
