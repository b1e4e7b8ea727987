import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every user-facing text lives in `shared/src/messages/`, so an `ApiError`'s message (and
 * the messages of its `issues`) is never written in place: this reads api/src and lists each
 * `new ApiError(code, message, issues?)` and `ApiError.x(message, …)` whose message is, or is
 * built from, a string literal (directly, through `?:`, `||`, `??`, `+`, a template, an
 * argument of a message function, or a `const` of the same file).
 */

const src = path.resolve(import.meta.dirname, '..');

/**
 * Files being rewritten by another change (order, payment and submission status transitions);
 * their literals move to shared messages once it is in. To be emptied then.
 */
const notYet = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The literal texts `expression` would put into a message. */
function literalsIn(expression: ts.Expression, consts: Map<string, ts.Expression>): ts.Node[] {
  const e = expression;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e];
  if (ts.isTemplateExpression(e)) return [e];
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
    return literalsIn(e.expression, consts);
  if (ts.isConditionalExpression(e))
    return [...literalsIn(e.whenTrue, consts), ...literalsIn(e.whenFalse, consts)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken)
      return [...literalsIn(e.left, consts), ...literalsIn(e.right, consts)];
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...literalsIn(e.left, consts), ...literalsIn(e.right, consts)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalsIn(e.right, consts);
    return [];
  }
  if (ts.isCallExpression(e)) return e.arguments.flatMap((a) => literalsIn(a, consts));
  if (ts.isIdentifier(e)) {
    const value = consts.get(e.text);
    return value ? literalsIn(value, consts) : [];
  }
  return [];
}

/** The message expressions of an `ApiError` built at `node`, if it is one. */
function messagesOf(node: ts.Node): ts.Expression[] {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
    if (node.expression.text !== 'ApiError') return [];
    const [, message, issues] = node.arguments ?? [];
    const issueMessages =
      issues && ts.isArrayLiteralExpression(issues)
        ? issues.elements.flatMap((issue) =>
            ts.isObjectLiteralExpression(issue)
              ? issue.properties.flatMap((p) =>
                  ts.isPropertyAssignment(p) && p.name.getText() === 'message'
                    ? [p.initializer]
                    : [],
                )
              : [],
          )
        : [];
    return [...(message ? [message] : []), ...issueMessages];
  }
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'ApiError'
  ) {
    const [message] = node.arguments;
    return message ? [message] : [];
  }
  return [];
}

/** `file:line text` for each literal message in `text`. */
function literalMessages(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression>();
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const
    ) {
      consts.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const check = (node: ts.Node) => {
    for (const message of messagesOf(node)) {
      for (const literal of literalsIn(message, consts)) {
        const line = source.getLineAndCharacterOfPosition(literal.getStart()).line + 1;
        found.push(`${file}:${line} ${literal.getText()}`);
      }
    }
    ts.forEachChild(node, check);
  };
  check(source);
  return found;
}

describe('ApiError messages', () => {
  it('finds a literal however the message is built', () => {
    const code = `
      const text = 'Gone';
      throw new ApiError('NOT_FOUND', 'Not here');
      throw new ApiError('BAD_REQUEST', ok ? m.a : \`Field \${name}\`);
      throw new ApiError('VALIDATION_FAILED', m.a, [{ path: 'x', message: 'Wrong' }]);
      throw ApiError.rateLimited(text, 5);
      throw new ApiError('CONFLICT', m.outOfStock(name ?? 'A product'));
      throw new ApiError('CONFLICT', kind === 'order' ? m.a : m.b, [{ path: 'x', message: m.c }]);
    `;
    expect(literalMessages('x.ts', code).map((f) => f.split(' ').slice(1).join(' '))).toEqual([
      "'Not here'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's source text
      '`Field ${name}`',
      "'Wrong'",
      "'Gone'",
      "'A product'",
    ]);
  });

  it('are never written in place in api/src: they come from shared/src/messages/', () => {
    const found = sourceFiles(src).flatMap((file) => {
      const relative = path.relative(src, file).split(path.sep).join('/');
      if (notYet.has(relative)) return [];
      return literalMessages(relative, readFileSync(file, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('allow-lists only files that still write one in place', () => {
    const stale = [...notYet].filter(
      (relative) =>
        literalMessages(relative, readFileSync(path.join(src, relative), 'utf8')).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
