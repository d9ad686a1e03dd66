// The layer rules of the source tree, checked on every import (static, dynamic and re-exports), whether written
// as a relative path or through the package's "#server/*", "#contract/*" and "#client/*" imports. See
// docs/decisions/0002-layers.md.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

const ALIASES = { '#server/': 'src/server/', '#contract/': 'src/contract/', '#client/': 'src/client/', '#codec-core/': 'src/codec-core/', '#cli/': 'src/cli/', '#action/': 'src/action/' };

/** A module's path without its extension, for comparing with entry files. */
const stem = (p) => p.replace(/\.(ts|tsx|js)$/, '');

/** The codec's public entry files: what code outside the codec may import (docs/decisions/0302-codec-rooms.md). */
const CODEC_ENTRIES = new Set(['src/server/codec/index', 'src/server/codec/planning', 'src/codec-core/index']);

/** Each rule: files under `from` may not import what `forbid` matches (repository-relative path, or bare package). */
export const LAYER_RULES = [
  {
    from: 'src/contract/',
    forbid: (target) => (target.bare ? target.bare !== 'zod' && !target.bare.startsWith('zod/') : !target.path.startsWith('src/contract/')),
    why: 'the contract imports only zod and itself',
  },
  {
    from: 'src/server/codec/',
    forbid: (target) =>
      !target.bare && !target.path.startsWith('src/server/codec/') && !target.path.startsWith('src/contract/') && !target.path.startsWith('src/codec-core/'),
    why: 'the codec imports only the codec core, the contract (and its own libraries)',
  },
  {
    // The core runs unchanged in the server's codec processes and in the browser's workers (docs/decisions/0300).
    from: 'src/codec-core/',
    checksNodeBuiltins: true,
    forbid: (target) => (target.bare ? true : !target.path.startsWith('src/codec-core/') && !target.path.startsWith('src/contract/')),
    why: 'the codec core imports only itself and the contract: no node:*, no sharp, no package, nothing of the server or client',
  },
  {
    from: 'src/',
    except: ['src/server/codec/', 'src/codec-core/'],
    forbid: (target) =>
      !target.bare && (target.path.startsWith('src/server/codec/') || target.path.startsWith('src/codec-core/')) && !CODEC_ENTRIES.has(stem(target.path)),
    why: 'code outside the codec imports only its public entry files (server/codec/index, server/codec/planning, codec-core/index)',
  },
  { from: 'src/server/jobs/', forbid: (target) => isUnder(target, 'src/server/http/'), why: 'jobs never import the HTTP layer' },
  { from: 'src/server/auth/', forbid: (target) => isUnder(target, 'src/server/http/'), why: 'auth never imports the HTTP layer' },
  { from: 'src/server/db/', forbid: (target) => isUnder(target, 'src/server/') && !isUnder(target, 'src/server/db/'), why: 'the database layer imports nothing above it' },
  { from: 'src/server/storage/', forbid: (target) => isUnder(target, 'src/server/') && !isUnder(target, 'src/server/storage/'), why: 'storage imports nothing above it' },
  { from: 'src/client/', forbid: (target) => isUnder(target, 'src/server/'), why: 'the client never imports server code' },
  // The client's lower rooms (data access, plain helpers, page content) serve the components, pages and private
  // mode, never the reverse (docs/decisions/0571-client-import-direction.md).
  ...['src/client/lib/', 'src/client/api/', 'src/client/content/'].map((from) => ({
    from,
    forbid: (target) => ['components/', 'pages/', 'private/'].some((dir) => isUnder(target, `src/client/${dir}`)),
    why: 'lib/, api/ and content/ never import components/, pages/ or private/',
  })),
  {
    from: 'src/server/http/routes/',
    forbid: (target) => ['sandbox/', 'codec/', 'storage/', 'db/'].some((dir) => isUnder(target, `src/server/${dir}`)),
    why: 'routes are adapters: they parse, call a service and map its answer, never the sandbox, codec, storage or database (docs/decisions/0320-use-cases-in-services.md)',
  },
  {
    from: 'src/action/',
    forbid: (target) => !target.bare && !['src/action/', 'src/cli/', 'src/contract/'].some((dir) => target.path.startsWith(dir)),
    why: 'the GitHub Action imports only the command-line client, the contract and itself',
  },
];

const isUnder = (target, dir) => !target.bare && target.path.startsWith(dir);

/** Where an import specifier points: a repository-relative path, or the name of a package. */
export function resolveTarget(specifier, fromFile) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return { path: dir + specifier.slice(alias.length) };
  }
  if (specifier.startsWith('.')) {
    return { path: path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier)).split(path.sep).join('/') };
  }
  if (specifier.startsWith('node:')) return { bare: specifier };
  return { bare: specifier };
}

export const layersPlugin = {
  rules: {
    'no-upward-import': {
      meta: { type: 'problem', messages: { upward: '{{specifier}} breaks a layer rule: {{why}}.' }, schema: [] },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
        const rules = LAYER_RULES.filter((r) => file.startsWith(r.from) && !(r.except ?? []).some((e) => file.startsWith(e)));
        if (rules.length === 0) return {};
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const target = resolveTarget(source.value, context.filename);
          const builtin = target.bare?.startsWith('node:') === true;
          for (const rule of rules) {
            if (builtin && !rule.checksNodeBuiltins) continue;
            if (rule.forbid(target)) context.report({ node: source, messageId: 'upward', data: { specifier: source.value, why: rule.why } });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
