import { z } from 'zod';
import { defineCommand, defineEvent, noInput } from './define';

export const workspaceSummary = z.object({
  root: z.string(),
  name: z.string(),
});

export const appCommands = {
  'app.describe': defineCommand(
    noInput,
    z.object({
      version: z.string(),
      commands: z.array(z.string()),
      events: z.array(z.string()),
      face: z.enum(['desktop', 'browser', 'cli', 'test']),
      workspace: workspaceSummary.nullable(),
    }),
    'What this Akira is: version, the contract names, the face and the open workspace.',
  ),
};

export const appEvents = {
  'app.onWorkspaceOpened': defineEvent(
    z.object({ workspace: workspaceSummary.nullable() }),
    'The open workspace changed (Open Folder…, Open Recent, workspace.open in any face); null: the folder was closed.',
  ),
};
export type WorkspaceSummaryT = z.infer<typeof workspaceSummary>;
