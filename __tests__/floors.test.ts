/** @jest-environment node */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { CODE_FOLDERS, FLOORS, TEST_FOLDERS, featureOf, floorOf, halfOf } from './support/layout';
import { ROOT, codeFiles, importsOf } from './support/imports';

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const CODE = CODE_FOLDERS.flatMap((folder) => codeFiles(path.join(ROOT, folder)));

/** Gatsby's own entries of a local plugin: Gatsby requires them in Node, whatever their names say. */
const isPluginEntry = (file: string) => /(^|\/)(index\.js|gatsby-node\.[jt]s|gatsby-ssr\.[jt]sx?)$/.test(file) && existsSync(path.join(ROOT, path.dirname(file), 'package.json'));
/** The machine's floor is Node's alone. */
const half = (file: string) => (isPluginEntry(file) || file.startsWith('system/') ? 'node' : halfOf(file));
/** A component renders on the server and in the browser: it may call the browser half, in an effect or a handler. */
const isComponent = (file: string) => file.endsWith('.tsx');

/** What a file imports for its value (an `import type`, or one of types alone, vanishes when compiled), and the packages it names. */
function valueImports(file: string): { files: string[]; packages: string[] } {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]) &&
      (node.expression.getText(source) === 'require' || node.expression.kind === ts.SyntaxKind.ImportKeyword)
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const relativeOnes = specifiers.filter((specifier) => specifier.startsWith('.'));
  return {
    files: importsOf(file, relativeOnes.map((specifier) => `import '${specifier}';`).join('\n')),
    packages: specifiers.filter((specifier) => !specifier.startsWith('.')),
  };
}

const isNodeBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name.split('/')[0]);

describe('the floors', () => {
  it('place every file of the project', () => {
    expect(CODE.length).toBeGreaterThan(250);
    expect(CODE.map(relative).filter((file) => floorOf(file) === undefined)).toEqual([]);
    expect(floorOf('features/site/languages.ts')).toBeLessThan(floorOf('features/cms/adminPage.ts') as number);
    expect(floorOf('src/pages/index.tsx')).toBeGreaterThan(floorOf('src/components/Layout.tsx') as number);
  });

  it('import only their own floor and the floors below, type imports too', () => {
    const upward = CODE.flatMap((file) => {
      const from = floorOf(relative(file)) as number;
      return importsOf(file).flatMap((target) => {
        const to = floorOf(relative(target));
        if (to === undefined || to <= from) return [];
        return [`${relative(file)} (${FLOORS[from].name}) imports ${relative(target)} (${FLOORS[to].name})`];
      });
    });
    expect(upward).toEqual([]);
  });

  it("keep each feature's halves apart: shared code imports no Node module and no file of the Node or browser half, browser code no Node half", () => {
    const crossed = CODE.filter((file) => featureOf(relative(file))).flatMap((file) => {
      const from = half(relative(file));
      if (from === 'node') return [];
      const { files, packages } = valueImports(file);
      return [
        ...files
          .filter((target) => half(relative(target)) === 'node' || (from === 'shared' && !isComponent(relative(file)) && half(relative(target)) === 'browser'))
          .map((target) => `${relative(file)} (${from}) imports ${relative(target)}`),
        ...packages.filter(isNodeBuiltin).map((name) => `${relative(file)} (${from}) imports Node's ${name}`),
      ];
    });
    expect(crossed).toEqual([]);
  });

  it("let Gatsby's fixed places mount a feature through the files at its root, never its insides", () => {
    const fixed = FLOORS.findIndex(({ paths }) => paths.includes('gatsby/'));
    const inside = CODE.filter((file) => floorOf(relative(file)) === fixed).flatMap((file) =>
      importsOf(file)
        .map(relative)
        .filter((target) => featureOf(target) && target.split('/').length > 3)
        .map((target) => `${relative(file)} imports ${target}`),
    );
    expect(inside).toEqual([]);
  });

  it('keep the commands as entry points: nothing imports one, the tests and browser tests included', () => {
    const commands = FLOORS.length - 1;
    const importers = [...TEST_FOLDERS, ...CODE_FOLDERS].flatMap((folder) => codeFiles(path.join(ROOT, folder)));
    const imported = importers.flatMap((file) =>
      importsOf(file)
        .filter((target) => floorOf(relative(target)) === commands)
        .map((target) => `${relative(file)} imports ${relative(target)}`),
    );
    expect(imported).toEqual([]);
  });
});
