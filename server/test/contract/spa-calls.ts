/**
 * Finds every API call of the SPA in its source: each `http.get/post/put/delete/patch(path,
 * schema, …)` under src/ (tests excluded), with the endpoint it reaches and the name of the schema
 * its answer must match. Read with the TypeScript parser, so line breaks and formatting do not
 * matter.
 *
 * A path is a string literal, a template literal (each `${…}` is one path parameter, written
 * `:param`) or a conditional between those (`mode === 'a' ? 'x/a' : 'x/b'` reaches both). Anything
 * else (a variable, a function call) cannot be told statically and is reported as a problem, as is
 * a schema that is not a plain name (an inline `z.object(…)`), so the contract test can map every
 * call to an exported schema object.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
export type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;

export interface SpaCall {
  /** Path from the repository root, with the line: `src/entities/user/api/user.queries.ts:25`. */
  where: string;
  method: HttpMethod;
  /** The endpoints the call can reach, `METHOD path` with `:param` for each path parameter. */
  endpoints: string[];
  /** The name of the schema passed to the call. */
  schema: string;
}

export interface SpaScan {
  calls: SpaCall[];
  /** Calls the scan could not read, and other ways around `http`; each one a sentence. */
  problems: string[];
}

/** `GET tickets/:param`, the form endpoints are compared in (parameter names do not matter). */
export function endpointKey(method: string, routePath: string): string {
  const normalized = routePath
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':param' : segment))
    .join('/');
  return `${method.toUpperCase()} ${normalized}`;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The paths an expression can evaluate to, or undefined when it cannot be read statically. */
function pathsOf(node: ts.Expression): string[] | undefined {
  if (ts.isParenthesizedExpression(node)) return pathsOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text + node.templateSpans.map((span) => `:param${span.literal.text}`).join('')];
  }
  if (ts.isConditionalExpression(node)) {
    const whenTrue = pathsOf(node.whenTrue);
    const whenFalse = pathsOf(node.whenFalse);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : undefined;
  }
  return undefined;
}

/** Scans `srcDir` (the SPA's src/); paths in the result are relative to `rootDir`. */
export function scanSpaCalls(srcDir: string, rootDir: string): SpaScan {
  const calls: SpaCall[] = [];
  const problems: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('http') && !text.includes('request')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const relative = path.relative(rootDir, file).split(path.sep).join('/');
    const at = (node: ts.Node) => `${relative}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

    const visit = (node: ts.Node): void => {
      // `request` is the function under `http`; calling it directly would bypass this scan.
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === '@/shared/api') {
        const named = node.importClause?.namedBindings;
        if (named && ts.isNamedImports(named) && named.elements.some((e) => (e.propertyName ?? e.name).text === 'request')) {
          problems.push(`${at(node)} imports \`request\` from @/shared/api: call the API through \`http\` so the contract test sees the call`);
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
        const receiver = node.expression.expression.text;
        const name = node.expression.name.text;
        if (receiver === 'http') {
          const method = HTTP_METHODS.find((m) => m === name);
          if (!method) {
            problems.push(`${at(node)} calls http.${name}, which the contract test does not know`);
          } else {
            const [pathArg, schemaArg] = node.arguments;
            const paths = pathArg && pathsOf(pathArg);
            if (!paths) {
              problems.push(
                `${at(node)} http.${name}: the path is not a string literal, a template literal or a conditional between those, so the endpoint cannot be told; write it as one`,
              );
            }
            if (!schemaArg || !ts.isIdentifier(schemaArg)) {
              problems.push(`${at(node)} http.${name}: pass the response schema as a named, exported constant (not an inline expression)`);
            }
            if (paths && schemaArg && ts.isIdentifier(schemaArg)) {
              const upper = method.toUpperCase() as HttpMethod;
              calls.push({ where: at(node), method: upper, endpoints: paths.map((p) => endpointKey(upper, p)), schema: schemaArg.text });
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { calls, problems };
}
