// Routes are adapters (docs/decisions/0320-use-cases-in-services.md): the decisions that refuse a request belong to
// the services, which throw DomainError; a route may construct only a few itself. This rule counts every
// `new DomainError(` in all files of the routes folder together and reports each one in a file while the total is
// over the limit, so the limit holds for the folder, not per file.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ROUTES_DIR = 'src/server/http/routes/';
export const MAX_ROUTE_DOMAIN_ERRORS = 3;

/** `new DomainError(` in the routes folder's files, as they are on disk now. */
export function countRouteDomainErrors(sources = readRouteSources()) {
  return sources.reduce((sum, text) => sum + (text.match(/new\s+DomainError\s*\(/g) ?? []).length, 0);
}

function readRouteSources() {
  const dir = path.join(ROOT, ROUTES_DIR);
  return fs.readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

export const routeErrorsPlugin = {
  rules: {
    'max-domain-errors': {
      meta: {
        type: 'problem',
        messages: { tooMany: 'The routes folder constructs {{total}} DomainErrors (at most {{max}}): refuse in a service, not in a route.' },
        schema: [],
      },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
        if (!file.startsWith(ROUTES_DIR)) return {};
        // This file as the linter sees it (perhaps unsaved), the others as they are on disk.
        const others = readRouteSources();
        const here = context.sourceCode.getText();
        const onDisk = fs.existsSync(context.filename) ? fs.readFileSync(context.filename, 'utf8') : '';
        const total = countRouteDomainErrors(others) - countRouteDomainErrors([onDisk]) + countRouteDomainErrors([here]);
        if (total <= MAX_ROUTE_DOMAIN_ERRORS) return {};
        return {
          NewExpression(node) {
            if (node.callee.type === 'Identifier' && node.callee.name === 'DomainError') {
              context.report({ node, messageId: 'tooMany', data: { total: String(total), max: String(MAX_ROUTE_DOMAIN_ERRORS) } });
            }
          },
        };
      },
    },
  },
};
