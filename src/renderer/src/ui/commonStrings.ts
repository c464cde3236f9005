import { defineText } from '../../../shared/i18n';

/** The words of the shared UI pieces (src/renderer/src/ui): toasts, viewer messages (issue 14). */
export const commonStrings = defineText({
  en: {
    dismiss: 'Dismiss',
    notifications: 'Notifications',
    fileGone: 'This file no longer exists.',
  },
  'zh-CN': {
    dismiss: '关闭',
    notifications: '通知',
    fileGone: '此文件已不存在。',
  },
});
