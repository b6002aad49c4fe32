/**
 * The server's layers, checked by `npm run lint` (dependency-cruiser).
 *
 * Each folder of src/ sits in one place of LAYERS, lowest first, and may
 * import only from its own folder and from folders listed before it: so no
 * module reaches up, and no two folders depend on each other. The README
 * ("Where things are") draws the same picture.
 *
 * The web page (web/src) is a program of its own: it reaches the server's
 * code only through the one entry declared for it (SHARED_ENTRY).
 */
const LAYERS = [
  // Pure: the rules contract, then the games (no NestJS, Prisma or I/O).
  'rules',
  'games',
  // What every server part may use.
  'common',
  'logging',
  'metrics',
  'config',
  'database',
  // Calling URLs given to the server, guarded against private addresses.
  'outbound',
  // Storing and replaying games.
  'event-store',
  'randomness',
  'play',
  // The API's shared parts (request context, GraphQL types, query limits) that domain resolvers use.
  'graphql',
  // Domain modules, each above those it asks.
  'auth',
  'public-names',
  'presence',
  'rate-limits',
  'vacations',
  'notifications',
  // Seats the server plays, through a leased queue like mail's.
  'bots',
  'push',
  'deadlines',
  'chat',
  'notes',
  'webhooks',
  // Clubs: members and roles; what the invitations (who may join a group's game) and leagues ask.
  'groups',
  // A group's leagues: games created round by round, standings.
  'leagues',
  'invitations',
  'calendar',
  'accounts',
  'records',
  // Ratings: a projection of finished games, recomputable from their records.
  'ratings',
  'lifecycle',
  'health',
  // The API as a whole, and serving the page.
  'api',
  'web',
];

/**
 * The platform's decider (src/play/platform/) and the pure modules it
 * decides with: they import only one another (the rules and games among
 * them). No framework, database, I/O, clock or server error; the decider's
 * specs may use the test ruleset.
 */
const PURE_FOR_THE_DECIDER = [
  '^src/(rules|games|play/platform)/',
  '^src/play/(game-state|game-state-types|game-life|seat-changes|platform-events|line-of-play|moments)\\.ts$',
  '^src/randomness/draw-recipe\\.ts$',
  '^src/common/clean-text\\.ts$',
  '^test/support/counting-game\\.ts$',
  // Hashing, for the draw recipe: computation, no I/O.
  '^crypto$',
].join('|');

/** The one place of src/ the web page may import from (see web/tsconfig.json and web/vite.config.mts). */
const SHARED_ENTRY = '^src/shared/';

const escape = (name) => name.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
const folder = (name) => `^src/${escape(name)}/`;

/** Layer i may not import any layer after it. */
const upwards = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer}`,
  comment: `src/${layer}/ sits below ${LAYERS.slice(i + 1).join(', ')}: it may not import them (see LAYERS).`,
  severity: 'error',
  from: { path: folder(layer) },
  to: {
    path: `^src/(${LAYERS.slice(i + 1)
      .map(escape)
      .join('|')})/`,
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import circles (type imports included) make the code hard to follow and to split.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'known-folder',
      comment: 'Every folder of src/ has its place in LAYERS (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: `^src/(${LAYERS.map(escape).join('|')}|generated|shared)/` },
      to: {},
    },
    {
      name: 'pure-games',
      comment: 'Rules and games are pure TypeScript: no framework, database or I/O.',
      severity: 'error',
      from: { path: '^src/(rules|games)/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'] },
    },
    {
      name: 'pure-decider',
      comment: 'The platform decider and the pure modules of play it decides with import only each other, the rules and the games (see PURE_FOR_THE_DECIDER).',
      severity: 'error',
      from: { path: PURE_FOR_THE_DECIDER },
      to: { pathNot: PURE_FOR_THE_DECIDER },
    },
    ...upwards,
    {
      name: 'page-through-shared-entry',
      comment: 'The web page reaches server code only through src/shared/.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^src/', pathNot: SHARED_ENTRY },
    },
    {
      name: 'pure-shared-entry',
      comment: 'src/shared/ hands the page pure code only: the rules, the games, and the pure helpers named here.',
      severity: 'error',
      from: { path: SHARED_ENTRY },
      to: { pathNot: `${SHARED_ENTRY}|^src/(rules|games)/|^src/play/moments\\.ts$` },
    },
    {
      name: 'server-not-into-page',
      comment: 'The server and its scripts never import the web page.',
      severity: 'error',
      from: { path: '^(src|scripts)/' },
      to: { path: '^web/src/' },
    },
    {
      name: 'tests-speak-as-the-page',
      comment:
        "Tests and benchmarks may send the page's own operations (web/src/api/) and check its pure helpers, as the page uses them, but never load its React components.",
      severity: 'error',
      from: { path: '^(test|bench)/' },
      to: { path: '^web/src/.*\\.tsx$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^src/generated/|^bench/peer/boardgameio/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
