export function gitEnv(): NodeJS.ProcessEnv;
export function git(dir: string, ...args: string[]): string;
export function generateTree(root: string, total: number, log?: (line: string) => void): { root: string; cached: boolean };
