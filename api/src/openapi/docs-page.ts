import { escapeHtml } from '../lib/escape-html.ts';
import type { JsonSchema, OpenApiDocument, Operation } from './document.ts';

const style = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#18181b;background:#fafafa}
main{max-width:960px;margin:0 auto;padding:24px}
h2{margin-top:40px;border-bottom:1px solid #d4d4d8}
article{background:#fff;border:1px solid #e4e4e7;border-radius:6px;padding:12px 16px;margin:12px 0}
h3{margin:0;font-size:15px}
.method{display:inline-block;min-width:64px;font-family:monospace;font-weight:700}
.get{color:#15803d}.post{color:#1d4ed8}.put{color:#a16207}.delete{color:#b91c1c}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #e4e4e7;padding:2px 8px;text-align:left}
pre{background:#f4f4f5;padding:8px;overflow:auto;font-size:13px;margin:4px 0}
nav{display:flex;flex-wrap:wrap;gap:4px 14px;margin:16px 0}code{overflow-wrap:anywhere}
.scroll{overflow-x:auto}summary{cursor:pointer}`;

const text = (value: unknown) => escapeHtml(String(value));
const json = (value: unknown) => `<pre>${text(JSON.stringify(value, null, 2))}</pre>`;

/** A parameter's schema in a few words: `integer, 1 to 100, default 20`, `one of: a, b`. */
function brief(schema: JsonSchema): string {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum)) return `one of: ${s.enum.join(', ')}`;
  const parts = [String(s.type ?? s.format ?? 'any')];
  if (typeof s.format === 'string' && s.type) parts[0] = `${s.type} (${s.format})`;
  const min = s.minimum ?? s.minLength;
  // zod's int() states the largest safe integer as its bound: no bound a reader needs.
  const max = s.maximum === Number.MAX_SAFE_INTEGER ? undefined : (s.maximum ?? s.maxLength);
  const unit = s.minLength !== undefined || s.maxLength !== undefined ? ' characters' : '';
  if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}${unit}`);
  else if (min !== undefined) parts.push(`at least ${min}${unit}`);
  else if (max !== undefined) parts.push(`at most ${max}${unit}`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

function parameters(op: Operation): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters.map(
    (p) =>
      `<tr><td><code>${text(p.name)}</code></td><td>${text(p.in)}</td><td>${p.required ? 'required' : 'optional'}</td><td>${text(brief(p.schema))}</td></tr>`,
  );
  return `<div class="scroll"><table><tr><th>Parameter</th><th>In</th><th></th><th>Schema</th></tr>${rows.join('')}</table></div>`;
}

function body(op: Operation): string {
  const content = op.requestBody?.content ?? {};
  return Object.entries(content)
    .map(
      ([type, { schema }]: [string, { schema: JsonSchema }]) =>
        `<details><summary>Body: <code>${text(type)}</code></summary>${json(schema)}</details>`,
    )
    .join('');
}

/** Each successful answer's body: its media type and, for JSON, its schema. */
function answers(op: Operation): string {
  return Object.entries(op.responses)
    .filter(([status]) => /^[23]\d\d$/.test(status))
    .map(([status, answer]) => {
      const content = 'content' in answer ? Object.entries(answer.content ?? {}) : [];
      const [type, body] = content[0] ?? ['no body', undefined];
      return `<details><summary>Answer ${text(status)}: <code>${text(type)}</code></summary>${body ? json(body.schema) : ''}</details>`;
    })
    .join('');
}

function operation(method: string, path: string, op: Operation): string {
  const refusals = Object.keys(op.responses).filter((status) => /^[45]\d\d$/.test(status));
  return `<article id="${text(op.operationId)}"><h3><span class="method ${text(method)}">${text(method.toUpperCase())}</span> <code>${text(path)}</code></h3>
<p>${text(op.summary)}${refusals.length ? ` Refuses with ${refusals.map(text).join(', ')}.` : ''}</p>${parameters(op)}${body(op)}${answers(op)}</article>`;
}

/**
 * The API reference as one server-rendered page, grouped by tag (route file): each
 * operation's method, path, who may call it, its parameters and its body schema. No script.
 */
export function docsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const tags = doc.tags.filter((tag) => byTag.has(tag.name));
  const sections = tags.map(
    (tag) =>
      `<section id="tag-${text(tag.name)}"><h2>${text(tag.name)}</h2><p><code>${text(tag.description)}</code></p>${(byTag.get(tag.name) ?? []).join('\n')}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${text(doc.info.title)}</title><style>${style}</style></head>
<body><main><h1>${text(doc.info.title)} <small>${text(doc.info.version)}</small></h1>
<p>${text(doc.info.description)}</p>
<p>The same as an OpenAPI ${text(doc.openapi)} document: <a href="openapi.json">openapi.json</a>.</p>
<details><summary>The Error body</summary>${json(doc.components.schemas.Error)}</details>
<nav aria-label="Route files">${tags.map((tag) => `<a href="#tag-${text(tag.name)}">${text(tag.name)}</a>`).join('')}</nav>
${sections.join('\n')}
</main></body></html>`;
}
