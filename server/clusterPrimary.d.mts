/** Types of clusterPrimary.mjs (plain JavaScript so the primary starts without the TypeScript loader). */
export declare const PREPARE_ENV: 'FOLIO_PREPARE_DB';
export declare const LIVE_IPC: 'folio:live';
export declare function workersFromEnv(env: NodeJS.ProcessEnv): number | null;
export declare function runPrimary(
  workers: number,
  logger?: { info: (...args: unknown[]) => void; error: (...args: unknown[]) => void },
): Promise<{ url: string; stop(): Promise<void> }>;
export declare function servePrimaryUntilSignalled(workers: number): Promise<number>;
export declare function untilStopped(logger: { info: (...args: unknown[]) => void }, stop: () => Promise<void>): Promise<number>;
