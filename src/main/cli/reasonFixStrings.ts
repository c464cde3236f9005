import { defineText } from '../../shared/i18n';

/**
 * How to fix a pause on the command line (issue 27, defect 4): the reason says what happened in every face; the CLI
 * adds its own way out (flags and environment variables), as the app adds its Open Settings button.
 */
export const cliReasonFixStrings = defineText({
  en: {
    keyRefused: 'Check the API key (--api-key, OPENAI_API_KEY or the settings), then resume.',
    accessDenied: 'Check that the key may use the model (--model, --api-key), then resume.',
  },
  'zh-CN': {
    keyRefused: '请检查 API 密钥（--api-key、OPENAI_API_KEY 或设置），然后恢复会话。',
    accessDenied: '请确认这个密钥可以使用该模型（--model、--api-key），然后恢复会话。',
  },
});
