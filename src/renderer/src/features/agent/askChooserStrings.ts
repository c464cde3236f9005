import { defineText } from '../../../../shared/i18n';

/** The choice "Ask the agent about this" offers when the session on screen is not live (issue 27, defect 14). */
export const askChooserStrings = defineText({
  en: {
    title: 'Ask whom?',
    body: (mention: string) => `The session on screen is not running. Where should ${mention} go?`,
    newTask: 'A new task',
    liveSession: (task: string) => `The running session: ${task}`,
    cancel: 'Cancel',
  },
  'zh-CN': {
    title: '问谁？',
    body: (mention: string) => `屏幕上的会话没有在运行。${mention} 要发到哪里？`,
    newTask: '新任务',
    liveSession: (task: string) => `正在运行的会话：${task}`,
    cancel: '取消',
  },
});
