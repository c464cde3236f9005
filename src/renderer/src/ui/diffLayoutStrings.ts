import { defineText } from '../../../shared/i18n';

/** The Inline / Side-by-side button of every diff (DiffLayoutButton.tsx). */
export const diffLayoutStrings = defineText({
  en: {
    showInline: 'Show the changes inline',
    showSideBySide: 'Show the two versions side by side',
    inline: 'Inline',
    sideBySide: 'Side by side',
    tooNarrowForSideBySide: 'Shown inline: the pane is too narrow for two columns. Widen it to see them side by side.',
  },
  'zh-CN': {
    showInline: '在一栏中显示更改',
    showSideBySide: '并排显示两个版本',
    inline: '单栏',
    sideBySide: '并排',
    tooNarrowForSideBySide: '以单栏显示：窗格太窄，放不下两栏。加宽窗格即可并排查看。',
  },
});
