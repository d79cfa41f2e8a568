// Folio runs its TypeScript sources on Node 24's own type stripping (and module.registerHooks): an
// older Node fails at start-up with a cryptic "does not provide an export named 'registerHooks'"
// SyntaxError. Every entry point calls this first (before importing anything that needs Node 24)
// so the person sees one line saying what to do. Plain JavaScript that any Node can run.
export const REQUIRED_NODE_MAJOR = 24;

export function requireNode24(what = 'Folio') {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return;
  process.stderr.write(
    `${what} needs Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is Node ${process.version}: install Node ${REQUIRED_NODE_MAJOR} LTS, or run \`. scripts/ensure-node24.sh\` to put it first on PATH.\n`,
  );
  process.exit(1);
}
