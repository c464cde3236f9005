import type { AgentStatus } from '../../../../shared/contract';
import { useActivityStore } from '../activity/activityStore';
import { progressFraction, useCheckpointProgress } from '../timeline/useCheckpointProgress';
import { useFormats, useText } from '../../i18n';
import { agentStrings } from './agentStrings';

const WORKING: readonly AgentStatus[] = ['planning', 'awaiting_plan_approval', 'running', 'waiting_approval'];

/**
 * The checkpoint a working session is taking, while it takes long (issue 30: the first one on a big tree takes
 * seconds while the model already plans): "Taking the first checkpoint: 41,000 of 100,000 files", with a bar.
 */
export function FirstCheckpointProgress({ status }: { status: AgentStatus }) {
  const t = useText(agentStrings);
  const f = useFormats();
  const progress = useCheckpointProgress();
  const hasCheckpoint = useActivityStore((s) => s.activity.items.some((i) => i.kind === 'checkpoint'));
  if (!progress || progress.operation !== 'create' || !WORKING.includes(status)) return null;
  const count = progress.total > 0 ? t.checkpointCount(f.number(progress.done), f.number(progress.total)) : t.checkpointSeen(f.number(progress.done));
  const fraction = progressFraction(progress);
  return (
    <div className="session-checkpoint-progress" role="status" data-testid="session-checkpoint-progress">
      <span>{hasCheckpoint ? t.takingCheckpoint(count) : t.takingFirstCheckpoint(count)}</span>
      {fraction !== null && <progress max={1} value={fraction} aria-hidden />}
    </div>
  );
}
