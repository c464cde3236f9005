/** The agent's tools: the registry, the change a write tool proposes and how it is applied, errors. */
export { createToolRegistry, parametersSchema, toOpenAiTool } from './toolRegistry';
export type { ControlHandlers, OpenAiTool, RegisteredTool, ToolRegistry } from './toolRegistry';
export { applyProposedChange } from './proposedChange';
export { formatToolError, messageOf, toToolError, ToolError } from './toolError';
export { toolNames, controlToolNames, fileToolNames, modeToolNames, taskToolNames } from './toolTypes';
export { newTaskTool } from './taskTools';
export type { NewTaskParams } from './taskTools';
export { listModesTool, switchModeTool } from './modeTools';
export type { SwitchModeParams } from './modeTools';
export type { ControlToolName, ProposedChange, ToolCategory, ToolContext, ToolName, ToolResult } from './toolTypes';
export { assessTaskParams, assessTaskTool, verifyTodoTool, verifyTodoParams, todoStatus } from './todoTools';
export type { CompleteParams, ControlHandler, TodoStatus, TodoWriteParams, UpdateTodoParams, VerifyTodoParams } from './todoTools';
