// The rule catalogue (docs/rules.md) as data, and the test names that cite it.
// The markdown is the one source: every catalogue row starts with its ID in backticks, under a
// heading that names the document and section the ID must start with.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('../..', import.meta.url).pathname;
export const CATALOGUE_PATH = 'docs/rules.md';

const SEGMENT = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** A well-formed ID: document and section (A1-A9, B1-B9) or API/CORE, then area, then rule. */
export const RULE_ID = new RegExp(`^(?:[AB][1-9]|API|CORE)\\.${SEGMENT}\\.${SEGMENT}$`);
// Anything that looks like a citation inside a longer test name, well-formed or not, so a
// misspelt ID is reported as missing instead of passing unnoticed.
const CITATION = /(?<![\w.-])(?:[AB]\d{1,2}|API|CORE)\.[A-Za-z0-9-]+\.[A-Za-z0-9-]+/g;
const HEADING = /^#{2,4}\s+([AB][1-9]|API|CORE)\b/;
const ROW = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/;

export interface Rule {
  id: string;
  /** The document and section prefix of the heading the row sits under (A5, B4, API, CORE). */
  prefix: string | undefined;
  /** The rule sentence, without the markdown table syntax. */
  text: string;
  note: string;
  line: number;
}

/** Every catalogue row, in file order. */
export function parseRules(markdown: string): Rule[] {
  const rules: Rule[] = [];
  let prefix: string | undefined;
  markdown.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    if (heading) prefix = heading[1];
    else if (/^#{1,4}\s/.test(line)) prefix = undefined;
    const row = ROW.exec(line);
    if (!row) return;
    const [text = '', note = ''] = splitCells(row[2] ?? '');
    rules.push({ id: row[1] ?? '', prefix, text, note, line: index + 1 });
  });
  return rules;
}

// Table cells are separated by pipes that are not inside backticks (message texts may hold one).
function splitCells(rest: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (const ch of rest) {
    if (ch === '`') inCode = !inCode;
    if (ch === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

export function loadRules(root = ROOT): Rule[] {
  return parseRules(readFileSync(join(root, CATALOGUE_PATH), 'utf8'));
}

export function loadRuleIds(root = ROOT): string[] {
  return loadRules(root).map((rule) => rule.id);
}

/** The IDs a test name cites, in the order they appear. */
export function citedIds(name: string): string[] {
  return [...name.matchAll(CITATION)].map((match) => match[0]);
}

export interface TestName {
  file: string;
  line: number;
  name: string;
}

const TEST_FUNCTIONS = new Set(['it', 'test', 'describe', 'suite']);

// it('…'), it.skip('…'), it.each(rows)('…'), describe.each(rows)('%s …'), test.concurrent('…').
function isTestCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return TEST_FUNCTIONS.has(callee.text);
  if (ts.isPropertyAccessExpression(callee)) return isTestCall(callee.expression);
  if (ts.isCallExpression(callee)) return isTestCall(callee.expression);
  return false;
}

// The literal text of a name; interpolations are kept as their source (`${channel}`), so an ID
// written around them is still found.
function nameText(arg: ts.Expression, source: ts.SourceFile): string | undefined {
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  if (ts.isTemplateExpression(arg)) {
    return arg.head.text + arg.templateSpans.map((span) => `\${${span.expression.getText(source)}}${span.literal.text}`).join('');
  }
  return undefined;
}

/** The names given to it()/test()/describe() in one file's source. */
export function testNamesIn(file: string, text: string): TestName[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const names: TestName[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTestCall(node.expression)) {
      const first = node.arguments[0];
      const name = first === undefined ? undefined : nameText(first, source);
      if (first !== undefined && name !== undefined) {
        const line = source.getLineAndCharacterOfPosition(first.getStart(source)).line + 1;
        names.push({ file, line, name });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** Test files: src/**\/*.test.ts(x), and every TypeScript file under tests/ (helpers may name tests too). */
export function testFiles(root = ROOT): string[] {
  const unit = walk(join(root, 'src'), (path) => /\.test\.tsx?$/.test(path));
  const others = walk(join(root, 'tests'), (path) => /\.(?:m?ts|tsx)$/.test(path) && !path.endsWith('.d.ts'));
  return [...unit, ...others].map((path) => relative(root, path).split(sep).join('/')).sort();
}

export function loadTestNames(root = ROOT): TestName[] {
  return testFiles(root).flatMap((file) => testNamesIn(file, readFileSync(join(root, file), 'utf8')));
}

/** Catalogue order: by source, then area, then rule, each compared as plain text. */
export function compareIds(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
