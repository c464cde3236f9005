/** The model client and its parts; see modelClient.ts for the API. */
export { createModelClient } from './modelClient';
export type { AttemptReport, CompletionRequest, CompletionResult, ConnectionTest, ModelClient, ModelClientOptions, RetryNotice, Usage } from './modelClient';
export { resolveModelConfig, modelSettingsSchema, HOW_TO_CONFIGURE } from './modelConfig';
export type { ModelConfig, ModelFlags, ModelSettings, ResolvedModelConfig, ConfigSource } from './modelConfig';
export { ModelError, ModelAuthError, ModelRequestError, ModelUnavailableError, ModelAbortedError, ModelConfigError, ModelKeyWithheldError } from './modelErrors';
export { chooseKey, keyCandidates, originOf, trustedOrigins } from './keyOwner';
export type { KeyCandidate, KeySource, SavedKey } from './keyOwner';
export type { ModelErrorKind } from './modelErrors';
export type { ModelMessage } from './messages';
export type { ModelToolCall, FinishReason } from './streamAccumulator';
export { parseToolArguments } from './streamAccumulator';
export type { ToolSpec, ToolChoice } from './toolSpecs';
export { toOpenAiTools } from './toolSpecs';
export type { ModelPrice } from './pricing';
export { redactSecrets } from '../../../common/redact';
