/**
 * Modes: the built-ins (code-dev, bug-fix, learn, optimize, autonomous) and custom modes from
 * `.akira/modes/*.json|yaml|yml`.
 *
 *   builtinModes() → Mode[]
 *   loadModes(workspaceRoot, {parseYaml?}) → {modes, errors: [{file, message, words}]}
 *   findMode(modes, id) → Mode (AkiraError 'not_found' otherwise)
 *   The session's policy: resolvePolicy(mode.policy, userOverrides) (../policy).
 */
export { builtinModes, CONTROL_TOOLS, DEFAULT_MODE_ID } from './builtinModes';
export type { Mode } from './builtinModes';
export { loadModes, findMode } from './loadModes';
export { modePolicyLayers } from './modePolicy';
export type { LoadModesOptions, ModeLoadError } from './loadModes';
export { modeFileSchema, formatModeIssues } from './modeSchema';
export type { ModeFile } from './modeSchema';
