import { defineText, formatNumber } from '../../../../shared/i18n';
import { limitLabel, limitSetting, NUMBER_SETTINGS, rangeMessage, type NumberSetting } from '../../../../shared/settings/settingWords';

/**
 * The settings' numbers in the UI's language (issue 14): their names and the message for a value out of range or not a
 * number, as the settings page checks them while they are typed. English is the core's own wording
 * (shared/settings/settingWords.ts, which the core keeps for its messages and files); Chinese is here. A field is a
 * key of NUMBER_SETTINGS or `limits.<name>` for a policy limit.
 */

const LIMIT = 'limits.';

function settingOf(field: string): NumberSetting {
  if (field.startsWith(LIMIT)) return limitSetting(field.slice(LIMIT.length));
  return (NUMBER_SETTINGS as Record<string, NumberSetting>)[field] ?? { label: limitLabel(field), whole: false };
}

const zhLabels: Record<string, string> = {
  timeoutSeconds: '超时',
  maxRetries: '重试次数',
  inputPricePer1M: '输入价格',
  outputPricePer1M: '输出价格',
  temperature: '温度',
  maxTokens: '回答的最大令牌数',
  contextWindow: '上下文窗口',
  contextTokens: '上下文预算',
  skipConfidence: '跳过的置信度',
  retentionDays: '检查点保留时间',
  'limits.maxToolLoopsPerTodo': '每个 TODO 的最大工具轮数',
  'limits.maxRetriesPerTodo': '每个 TODO 的最大重试次数',
  'limits.maxFileModificationsPerSession': '每个会话的最大文件修改数',
  'limits.maxTasksPerSession': '每个会话的最大 TODO 数',
  'limits.maxConcurrentTasks': '最大并发任务数',
};
const zhUnits: Record<string, string> = { seconds: '秒', 'USD per 1M tokens': '美元/百万令牌', tokens: '令牌', days: '天' };

const zhLabel = (field: string) => zhLabels[field] ?? settingOf(field).label;
const zhNumber = (n: number) => formatNumber('zh-CN', n, 6);

export const numberStrings = defineText({
  en: {
    label: (field: string) => settingOf(field).label,
    /** "Timeout must be a number from 1 to 3,600 seconds". */
    outOfRange: (field: string, min: number, max: number) => rangeMessage(settingOf(field), { min, max }),
    notANumber: (text: string) => `“${text}” is not a number`,
  },
  'zh-CN': {
    label: (field: string) => zhLabel(field),
    outOfRange: (field: string, min: number, max: number) => {
      const setting = settingOf(field);
      const unit = setting.unit ? `（${zhUnits[setting.unit] ?? setting.unit}）` : '';
      return `${zhLabel(field)}必须是 ${zhNumber(min)} 到 ${zhNumber(max)} 之间的${setting.whole ? '整数' : '数字'}${unit}`;
    },
    notANumber: (text: string) => `“${text}”不是数字`,
  },
});
