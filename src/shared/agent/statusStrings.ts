import { defineText } from '../i18n';
import type { AgentStatus } from './agentShapes';

/**
 * A session's status as a word, in lower case (the Timeline's group header, the restore dialog, the activity's status
 * lines, `akira sessions`, and the session errors that name a status): one catalog so every place says the same
 * Chinese. The session header's chip has its own, more conversational labels (agentStrings: "等待你处理").
 */
export const sessionStatusStrings = defineText<Record<AgentStatus, string>>({
  en: {
    queued: 'queued',
    planning: 'planning',
    awaiting_plan_approval: 'awaiting plan approval',
    running: 'running',
    paused: 'paused',
    waiting_approval: 'waiting approval',
    interrupted: 'interrupted',
    completed: 'completed',
    failed: 'failed',
    stopped: 'stopped',
  },
  'zh-CN': {
    queued: '排队中',
    planning: '规划中',
    awaiting_plan_approval: '计划等待批准',
    running: '运行中',
    paused: '已暂停',
    waiting_approval: '等待批准',
    interrupted: '已中断',
    completed: '已完成',
    failed: '已失败',
    stopped: '已停止',
  },
});

/** The Chinese word of a session status, or null for a status this build does not know (a TODO's, a newer core's). */
export function sessionStatusZh(status: string): string | null {
  return Object.hasOwn(sessionStatusStrings['zh-CN'], status) ? sessionStatusStrings['zh-CN'][status as AgentStatus] : null;
}
