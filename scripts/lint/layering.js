// ESLint rules that keep the layering of docs/architecture.md (issue 18). They read the import
// specifier itself, relative or through a path alias, so they need no resolver and hold before the
// aliases exist in tsconfig, webpack and jest.
const path = require('node:path');

const { ALIASES, ROOT } = require('../aliases.cjs');

/** The repository-relative path ('server/modules/x/y') of a file. */
function fromRoot(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** Where a specifier points inside the repository, or undefined for a package. */
function targetOf(specifier, file) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return ALIASES[alias] + specifier.slice(alias.length);
  if (specifier.startsWith('.')) return fromRoot(path.resolve(path.dirname(file), specifier));
  return undefined;
}

/** Calls check(specifier, node) for every static, dynamic, re-export and require import. */
function onImports(check) {
  const literal = (node) => node && node.type === 'Literal' && typeof node.value === 'string';
  return {
    ImportDeclaration: (node) => check(node.source.value, node.source, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => node.source && check(node.source.value, node.source, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => check(node.source.value, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => literal(node.source) && check(node.source.value, node.source, false),
    TSImportEqualsDeclaration: (node) =>
      node.moduleReference.type === 'TSExternalModuleReference' &&
      check(node.moduleReference.expression.value, node.moduleReference.expression, node.importKind === 'type'),
    CallExpression: (node) =>
      node.callee.type === 'Identifier' &&
      node.callee.name === 'require' &&
      literal(node.arguments[0]) &&
      check(node.arguments[0].value, node.arguments[0], false),
  };
}

const topFolder = (relative) => relative.split('/')[0];
const isTest = (relative) => relative.startsWith('tests/') || /\.test\.tsx?$/.test(relative);
/** Tests and the helpers beside them (a module's testing.ts, the portal's test-utils.tsx). */
const isTestCode = (relative) => isTest(relative) || /(^|\/)(testing\.ts|test-utils\.tsx)$/.test(relative);

/** The parts of the code base and the parts each may not import. */
const FORBIDDEN = {
  addin: ['portal', 'server'],
  portal: ['server', 'addin'],
  shared: ['server', 'portal', 'addin'],
  server: ['portal', 'addin'],
};

/** An ESLint rule: what it keeps (its description), its messages by id, its options' schema and its check. */
function rule({ type = 'problem', description, messages, schema = [], create }) {
  return { meta: { type, docs: { description }, messages, schema }, create };
}

const layers = rule({
  description: 'addin, portal, shared and server import only the parts below them',
  messages: {
    layer: '{{from}}/ may not import {{to}}/ ({{specifier}}): what both need belongs in shared/.',
    tests: 'Product code may not import tests/ ({{specifier}}): only tests and their testing.ts helpers do.',
  },
  create(context) {
    const relative = fromRoot(context.filename);
    const from = topFolder(relative);
    const forbidden = FORBIDDEN[from] ?? [];
    const productCode = from in FORBIDDEN && !isTestCode(relative);
    return onImports((specifier, node) => {
      const target = targetOf(specifier, context.filename);
      const to = target && topFolder(target);
      if (forbidden.includes(to)) context.report({ node, messageId: 'layer', data: { from, to, specifier } });
      else if (to === 'tests' && productCode) context.report({ node, messageId: 'tests', data: { specifier } });
    });
  },
});

/** Repositories, server/db and tests are where SQL is written; bench and scripts are tools. */
function mayImportKysely(relative) {
  return (
    isTestCode(relative) ||
    /^server\/db\//.test(relative) ||
    /^server\/(.+\/)?(repository\.ts|repository\/)/.test(relative) ||
    /^server\/.*Repository\.ts$/.test(relative) ||
    /^(bench|scripts)\//.test(relative)
  );
}

const sqlInRepositories = rule({
  description: 'only repositories, server/db and tests import kysely',
  messages: { kysely: "Only a module's repository.ts, server/db and tests import kysely: move this SQL to a repository{{hint}}." },
  schema: [{ type: 'object', properties: { allowTypeImports: { type: 'boolean' } }, additionalProperties: false }],
  create(context) {
    const relative = fromRoot(context.filename);
    if (mayImportKysely(relative)) return {};
    const { allowTypeImports = false } = context.options[0] ?? {};
    return onImports((specifier, node, typeOnly) => {
      if (specifier !== 'kysely' && !specifier.startsWith('kysely/')) return;
      if (typeOnly && allowTypeImports) return;
      const hint = typeOnly ? ' (for the database type, import it from server/db)' : '';
      context.report({ node, messageId: 'kysely', data: { hint } });
    });
  },
});

const MODULE = /^server\/modules\/([^/]+)\/(.*)$/;
const isRoutes = (rest) => /(^|\/)(routes|[A-Za-z]+Routes)(\.tsx?)?$/.test(rest) || /(^|\/)routes\//.test(rest);

const noForeignRoutes = rule({
  description: "no module imports another module's routes",
  messages: { routes: 'Module {{from}} imports the routes of module {{to}}: import its service, policy or presenter instead.' },
  create(context) {
    const own = MODULE.exec(fromRoot(context.filename));
    if (!own) return {};
    return onImports((specifier, node) => {
      const target = targetOf(specifier, context.filename);
      const other = target && MODULE.exec(target);
      if (other && other[1] !== own[1] && isRoutes(other[2])) {
        context.report({ node, messageId: 'routes', data: { from: own[1], to: other[1] } });
      }
    });
  },
});

const maxParentDepth = rule({
  type: 'suggestion',
  description: 'no import climbs more than two ../',
  messages: { climb: 'This import climbs {{depth}} folders: use a path alias (@shared/, @server/, @portal/, @addin/, @tests/).' },
  create(context) {
    return onImports((specifier, node) => {
      const segments = specifier.split('/');
      let depth = 0;
      while (segments[depth] === '..') depth += 1;
      if (depth > 2) context.report({ node, messageId: 'climb', data: { depth } });
    });
  },
});

module.exports = {
  meta: { name: 'testforge-layering' },
  rules: {
    layers,
    'sql-in-repositories': sqlInRepositories,
    'no-foreign-routes': noForeignRoutes,
    'max-parent-depth': maxParentDepth,
  },
};
