/**
 * The layers of the code base and the rule that imports point one way (docs/conventions.md,
 * "Layers"; docs/decisions/0015-layers-and-dependency-rules.md). `npm run deps` checks
 * them, and `npm test` runs it right after the type check.
 *
 * Top floor down: app/routes → app/root.tsx → app/features → app/visit → app/auth →
 * app/upstream, app/ui, app/utils → lib/. services/ is the reference upstream, another system that
 * shares only lib/. server/ and server.ts put the two together.
 *
 * Inside services/, top down: setup/, runtime.ts, gateway.ts (they put the services together) →
 * the services, each owning its tables → context.ts and job-queues.ts → the ground, db/ and
 * storage/.
 *
 * Tests are code too and keep the same rules, with two allowances: a test may import
 * the module it tests whatever its floor (root.tsx's loader), and the portal's tests may
 * start the reference upstream (app tests → services). Helpers that start both sides live
 * in tests/, which any test may import.
 */
const TEST = '\\.test\\.tsx?$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports makes load order matter and hides which module is the lower one. ' +
        'Type-only imports do not count: the bundler erases them.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'services-is-another-system',
      severity: 'error',
      comment:
        "services/ is the reference upstream, replaceable by the ISP's real one: it shares only lib/ " +
        'with the portal, never app/ or server/. A helper that needs both sides lives in tests/.',
      from: { path: '^services/' },
      to: { path: ['^app/', '^server/', '^server\\.ts$'] },
    },
    {
      name: 'tables-belong-to-their-service',
      severity: 'error',
      comment:
        "A service's tables (its tables.ts, or a *-tables.ts beside it) are read and written by its own " +
        "folder only; any other code calls the owner's functions (docs/architecture.md, 7). Tests may read " +
        "them, and a type-only import (a JSON column's shape) reads no table. $1 is the importing folder: " +
        'services/<service> inside services/, else the file at the top of services/ or the top folder.',
      from: { path: '^(services/[^/]+|[^/]+)', pathNot: [TEST, '^tests/'] },
      to: { path: '^services/.*tables\\.ts$', pathNot: '^$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-and-storage-are-the-ground',
      severity: 'error',
      comment:
        'services/db (the database client, the migrations) and services/storage (the object storage drivers) ' +
        'are what every service stands on: they import nothing else of services/. The seed and the test ' +
        'databases, which call every service, live above them in services/setup/.',
      from: { path: '^services/(db|storage)/', pathNot: TEST },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'context-imports-no-service',
      severity: 'error',
      comment:
        "services/context.ts, what every service is handed, and the job queues' catalogue it names stand on " +
        'the ground alone: a type they need moves down beside them, never an import up into a service.',
      from: { path: '^services/(context|job-queues)\\.ts$' },
      to: { path: '^services/', pathNot: ['^services/(db|storage)/', '^services/(context|job-queues)\\.ts$'] },
    },
    {
      name: 'lib-is-the-floor',
      severity: 'error',
      comment: 'lib/ is shared by the portal and the reference upstream, so it imports neither.',
      from: { path: '^lib/' },
      to: { path: ['^app/', '^server/', '^server\\.ts$', '^services/'] },
    },
    {
      name: 'portal-talks-to-upstream-over-http',
      severity: 'error',
      comment:
        'The portal reaches the reference upstream only through its HTTP client (app/upstream/), ' +
        'and the server hands it what it needs in the load context. Its tests may start the reference upstream.',
      from: { path: '^app/', pathNot: TEST },
      to: { path: ['^services/', '^server/', '^server\\.ts$'] },
    },
    {
      name: 'nothing-imports-root',
      severity: 'error',
      comment:
        'root.tsx imports the shell; the shell reads the root data through app/root-data.ts. ' +
        'A test may import root.tsx to call its loader.',
      from: { pathNot: ['^app/root-data\\.ts$', TEST] },
      to: { path: '^app/root\\.tsx$' },
    },
    {
      name: 'root-data-types-only',
      severity: 'error',
      comment:
        "app/root-data.ts declares the root data's type itself; were it to take the loader's type, " +
        'only a type-only import, which leaves nothing at run time.',
      from: { path: '^app/root-data\\.ts$' },
      to: { path: '^app/root\\.tsx$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-below-routes',
      severity: 'error',
      comment: 'Routes call features, never the other way round.',
      from: { path: '^app/features/' },
      to: { path: '^app/routes/' },
    },
    {
      name: 'visit-below-features',
      severity: 'error',
      comment:
        'The request scope (app/visit/, docs/decisions/0067) is what features are handed; it knows no feature or route.',
      from: { path: '^app/visit/' },
      to: { path: ['^app/features/', '^app/routes/'] },
    },
    {
      name: 'one-call-style',
      severity: 'error',
      comment:
        "Features and routes call upstream through the visit's callers, which answer results " +
        '(docs/conventions.md, Calling upstream; docs/decisions/0067), never upstreamFor, which throws. ' +
        "Type-only imports (the Upstream type) are fine. The one exception is the embedded provider's " +
        'login screen, whose binding (upstream.signIn) is a browser hand-over, not a call that answers.',
      from: { path: ['^app/features/', '^app/routes/'], pathNot: ['^app/routes/auth/login-interaction\\.tsx$', TEST] },
      to: { path: '^app/upstream/index\\.server\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'auth-below-visit',
      severity: 'error',
      comment: 'The visit opens the session scope of app/auth; auth never reaches back up into the visit.',
      from: { path: '^app/auth/' },
      to: { path: '^app/visit/' },
    },
    {
      name: 'auth-below-features',
      severity: 'error',
      comment: 'Features use auth; what both need moves down to app/utils/ or lib/.',
      from: { path: '^app/auth/' },
      to: { path: ['^app/features/', '^app/routes/'] },
    },
    {
      name: 'ui-upstream-utils-are-the-floor',
      severity: 'error',
      comment: 'app/ui, app/upstream and app/utils serve every floor above them and know none of them.',
      from: { path: '^app/(ui|upstream|utils)/' },
      to: { path: ['^app/features/', '^app/visit/', '^app/auth/', '^app/routes/'] },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'Test files and the helpers in tests/ never end up in what the portal or the upstream runs.',
      from: { path: ['^app/', '^lib/', '^server/', '^services/', '^server\\.ts$'], pathNot: TEST },
      to: { path: ['^tests/', TEST] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too (and marked 'type-only' for the rules above).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
