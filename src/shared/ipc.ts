/** The desktop IPC channels between the preload bridge and the main process (the only two). */
export const IPC_INVOKE_CHANNEL = 'akira:invoke';
export const IPC_EVENT_CHANNEL = 'akira:event';
