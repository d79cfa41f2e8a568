/** Types of leanServer.mjs (plain JavaScript: it runs before anything else in `docs serve`). */
export function leanServerFlags(execArgv?: string[], env?: NodeJS.ProcessEnv): { execArgv: string[]; env: NodeJS.ProcessEnv; changed: boolean };
export function leanServerRestart(): void;
