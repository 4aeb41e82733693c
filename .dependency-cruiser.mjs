// Import rules for the server, the web app and the shared top-level modules, checked by `npm run lint` and
// scripts/test.sh. steiger keeps the web app's slices apart; these rules keep the layers of the whole house apart
// and forbid import circles. Type-only imports count too (tsPreCompilationDeps), since a circle of types still
// ties the modules together.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move the shared part (often a type) to the module that owns it, so arrows go one way.',
      from: { path: '^(server|src|contracts|formats|proof)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve to a file or an installed package.',
      from: { path: '^(server|src|contracts|formats|proof)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'server-not-to-web-app',
      severity: 'error',
      comment: 'The server builds and runs without the web app: shared code lives in contracts/, formats/ or proof/.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'web-app-not-to-server',
      severity: 'error',
      comment: 'The web app speaks to the server over HTTP only: shared code lives in contracts/, formats/ or proof/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment: 'The contracts are shared by the server and the web app: they import zod and each other only.',
      from: { path: '^contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'formats-and-proof-only-contracts-and-libraries',
      severity: 'error',
      comment:
        'formats/ and proof/ are shared by the server and the web app: they import contracts/, each other, the ' +
        'language list in locales/ and libraries, never the server or the web app.',
      from: { path: '^(formats|proof)/' },
      to: { path: '^(server|src|tests|scripts)/' },
    },
    {
      name: 'server-modules-through-their-entry',
      severity: 'error',
      comment:
        'A server module reaches another only through its entry (server/modules/<name>/index.ts), which names what ' +
        'others may use; tests may reach inside.',
      from: { path: '^server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/modules/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'database-driver-inside-db',
      severity: 'error',
      comment:
        'The embedded driver (server/db/pglite-pool.ts) is a detail of server/db: repositories ask for what they ' +
        'want through its helpers (withGenericPlan, jsonRowsOf), never through the pool.',
      from: { pathNot: '^server/db/' },
      to: { path: '^server/db/pglite-pool\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|build|coverage)/' },
    tsPreCompilationDeps: true,
    preserveSymlinks: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
