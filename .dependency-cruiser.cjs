// Folio's layers, checked by `npm run lint:deps` (dependency-cruiser; CI runs it with the build).
// Paths are relative to the repository root. Every import counts, type-only and lazy import() ones
// included: a type import still ties two modules together. Each rule says in one line why it
// exists; the rules are described for people in docs/DEVELOPING.md ("Layers"). A violation is fixed
// by moving code, not by an exception here.
//
// The server's layers, top to bottom:
//   http/ + routes/ + mcp/ (transport)  →  commands/ (writes)  ·  live/ (co-editing, beside commands)
//   →  presenters/ · access/ (→ policies/)  →  models/  →  db/  →  core/ (shared with web and CLI)
// services.ts is the bag of shared dependencies every layer may receive; it builds no layer above it.
// Beside the server: importers/ and exporters/ (pure formats), workers/ (the job pool), shared by
// the server and the CLI.
const OWN = '^(server|web|cli|core|importers|exporters|workers|bench|scripts|bin|tests)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle means a half-initialised module at start-up and two modules that can only change together; lazy import() counts too (a loader and the modules it loads must not import each other).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-shared',
      comment: 'core/ runs in the server, the CLI and the browser: it may import nothing of theirs.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: OWN, pathNot: '^core/' },
    },
    {
      name: 'core-runs-in-the-browser',
      comment: 'core/ is bundled into the web app: no Node built-in (node:fs, node:crypto, …) may reach it.',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'importers-exporters-only-core',
      comment: 'File formats are pure and shared by the server and the CLI: they import core/ and their own folder only.',
      severity: 'error',
      from: { path: '^(importers|exporters)/' },
      to: { path: OWN, pathNot: ['^core/', '^$1/'] },
    },
    {
      name: 'workers-shared-by-server-and-cli',
      comment: 'The job pool runs heavy file work for the server and for the CLI alike: it uses core/, importers/ and exporters/ only.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: OWN, pathNot: ['^(core|importers|exporters|workers)/', '^bin/strippedCache\\.mjs$'] },
    },
    {
      name: 'cli-sync-no-server-or-web',
      comment: 'The CLI installs alone (docs push/pull/watch without the server): its code imports no server or web module.',
      severity: 'error',
      // Except the server's own commands (`docs serve | migrate | user`), which load the server lazily.
      from: { path: '^cli/', pathNot: '^cli/commands/(server|userActions)\\.ts$' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'models-only-core-and-db',
      comment: 'Models are the home of rows: they sit right above db/ and know nothing of the layers that use them.',
      severity: 'error',
      from: { path: '^server/models/' },
      to: { path: OWN, pathNot: ['^core/', '^server/(models|db)/'] },
    },
    {
      name: 'commands-no-transport',
      comment: 'Commands never see Koa or the route table: the same command serves routes, MCP, jobs and the CLI.',
      severity: 'error',
      from: { path: '^server/commands/' },
      to: { path: '^server/(http|routes|mcp)/' },
    },
    {
      name: 'commands-reach-live-through-its-two-doors',
      comment:
        'A write merges into the live document inside its own transaction (mergeWrite.ts) and announces rights changes (liveServices.ts); the socket side (hub, auth, rights loop, extensions) stays out of commands.',
      severity: 'error',
      from: { path: '^server/commands/' },
      to: { path: '^server/live/', pathNot: '^server/live/(mergeWrite|liveServices)\\.ts$' },
    },
    {
      name: 'live-beside-commands',
      comment:
        'live/ (co-editing) may use commands, models, access, policies, db, auth (token signing), core and the config/logger/services leaves and the cluster primary (its IPC channel name); never the transport.',
      severity: 'error',
      from: { path: '^server/live/' },
      to: {
        path: OWN,
        pathNot: [
          '^server/(live|commands|models|access|policies|db|auth)/',
          '^server/(config|logger|services)\\.ts$',
          '^server/clusterPrimary\\.mjs$',
          '^importers/contentHash\\.ts$',
          '^core/',
        ],
      },
    },
    {
      name: 'commands-below-jobs',
      comment: 'Jobs run commands on a schedule; a command importing jobs/ would make the two layers depend on each other.',
      severity: 'error',
      from: { path: '^server/commands/' },
      to: { path: '^server/jobs/' },
    },
    {
      name: 'permission-errors-only-in-access',
      comment: "Rights have one home: only access/ (and the dispatcher's auth level and origin check) may refuse with a permission error.",
      severity: 'error',
      from: { path: '^(server|cli|importers|exporters)/', pathNot: ['^server/access/', '^server/http/(dispatcher|requestOrigin)\\.ts$'] },
      to: { path: '^server/access/denials\\.ts$' },
    },
    {
      name: 'presenters-access-below-commands',
      comment: 'Presenters shape rows and access decides rights; both run before or after a command, never call one.',
      severity: 'error',
      from: { path: '^server/(presenters|access)/' },
      to: { path: '^server/commands/' },
    },
    {
      name: 'services-build-no-layer-above',
      comment:
        'services.ts is handed to every layer: it must not import a command (the app wires those in); only the live bus and its rights announcer, which every process has, are built here.',
      severity: 'error',
      from: { path: '^server/services\\.ts$' },
      to: { path: '^server/(commands|http|routes|mcp|live)/', pathNot: '^server/live/(liveServices\\.ts|bus/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules/', '^web/dist/', '^cli/dist/', '^cli/node_modules/', '^tests/.*fixtures/'] },
    // swc (not tsc: TypeScript 7 has no compiler API yet) reports type-only imports as dependencies by itself.
    tsPreCompilationDeps: false,
    parser: 'swc',
    // The Node project: its path aliases (@core/*) are the web project's too (tsconfig.base.json).
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.d.ts', '.json'],
    },
  },
};
