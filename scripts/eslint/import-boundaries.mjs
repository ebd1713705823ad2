// The layering of src/ as a lint rule. Relative imports are resolved against the importing
// file before they are compared, so `../app` inside src/server (the server's own app.ts) is not
// mistaken for src/app, and any path into a forbidden folder is caught however it is spelt.
// Static imports, re-exports, dynamic import() and TypeScript's import('…') types all count:
// a lazy import ships the module to the page just as surely as a static one.
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** Repository-relative, forward slashes, without a script extension: `src/worker/public`. */
function resolveRelative(filename, specifier) {
  const absolute = resolve(dirname(filename), specifier);
  return relative(ROOT, absolute)
    .split(sep)
    .join('/')
    .replace(/\.(?:[cm]?[jt]sx?)$/, '');
}

function inside(path, folder) {
  return path === folder || path.startsWith(`${folder}/`);
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isNodeBuiltin(specifier) {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(packageName(specifier));
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each part of src/ to the imports its layer allows (docs/rules.md, CORE.arch.*).' },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          folders: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['folder', 'message'],
              properties: {
                folder: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
            },
          },
          packages: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'message'],
              properties: { name: { type: 'string' }, message: { type: 'string' } },
            },
          },
          nodeBuiltins: { type: 'string', description: 'When set, node: and bare built-in modules are refused with this message.' },
        },
      },
    ],
    messages: { forbidden: "'{{specifier}}': {{message}}" },
  },
  create(context) {
    const { folders = [], packages = [], nodeBuiltins } = context.options[0] ?? {};
    const filename = context.filename;

    function why(specifier) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = resolveRelative(filename, specifier);
        const hit = folders.find((f) => inside(target, f.folder) && !(f.except ?? []).includes(target));
        return hit?.message;
      }
      if (nodeBuiltins && isNodeBuiltin(specifier)) return nodeBuiltins;
      return packages.find((p) => packageName(specifier) === p.name)?.message;
    }

    function check(sourceNode) {
      if (sourceNode?.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const message = why(sourceNode.value);
      if (message) context.report({ node: sourceNode, messageId: 'forbidden', data: { specifier: sourceNode.value, message } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source),
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};
