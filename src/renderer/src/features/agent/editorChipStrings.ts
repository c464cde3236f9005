import { defineText } from '../../../../shared/i18n';

/** The editor's context under the task box (issue 25): its chips, what each says, and their remove buttons. */
export const editorChipStrings = defineText({
  en: {
    fromEditor: 'From the editor',
    fromEditorTitle: 'Sent with the task: remove what the agent should not get. Settings → Appearance turns this off.',
    activeFile: 'Active file',
    selection: 'Selection',
    openTabs: (count: number) => (count === 1 ? '1 open tab' : `${count} open tabs`),
    unsaved: 'unsaved edits: the text in the editor is sent',
    notOnDisk: 'no longer on disk',
    selectionNotOnDisk: "no longer on disk: the editor's text is sent",
    cut: (max: string) => `only the first ${max} characters are sent`,
    remove: (what: string) => `Remove ${what}`,
  },
  'zh-CN': {
    fromEditor: '来自编辑器',
    fromEditorTitle: '随任务一起发送：移除不想让智能体获得的内容。可在“设置 → 外观”中关闭。',
    activeFile: '当前文件',
    selection: '选中内容',
    openTabs: (count: number) => `${count} 个打开的标签页`,
    unsaved: '有未保存的修改：发送编辑器中的文本',
    notOnDisk: '磁盘上已不存在',
    selectionNotOnDisk: '磁盘上已不存在：发送编辑器中的文本',
    cut: (max: string) => `只发送前 ${max} 个字符`,
    remove: (what: string) => `移除 ${what}`,
  },
});
