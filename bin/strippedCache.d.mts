/** Types of strippedCache.mjs (plain JavaScript: it registers the loader hook before any TypeScript runs). */
export function strippedSource(source: string): string;
export function fillStrippedCache(): number;
