import { defineText } from '../../../../shared/i18n';

/** The toast of a session that ended while the person looked elsewhere (SessionEndNotices.tsx). */
export const sessionEndStrings = defineText({
  en: {
    completed: 'Task completed',
    failed: 'Task failed',
    show: 'Show',
  },
  'zh-CN': {
    completed: '任务已完成',
    failed: '任务失败',
    show: '查看',
  },
});
