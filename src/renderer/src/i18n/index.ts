export { useText, textOf, useFormats, formatsNow, type Formats } from './useText';
export { usePrefsStore, useLanguage, useResolvedTheme, type ResolvedTheme } from './prefsStore';
export { UiPrefsSync } from './UiPrefsSync';
export { useReasonText, reasonTextOf, type ReasonText } from './reasonText';
export { defineText } from '../../../shared/i18n';
