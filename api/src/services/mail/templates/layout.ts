import { escapeHtml } from '../../../lib/escape-html.ts';

/** Escaped text with its line breaks kept. */
export function paragraphs(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** The one frame every e-mail shares. `body` must already be safe HTML. */
export function layout(title: string, body: string, footer = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</div>
${footer ? `<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#52525b">${footer}</p>` : ''}
</body></html>`;
}

/** A table of label/value rows; both are escaped. */
export function detailsTable(rows: [string, string | null | undefined][]): string {
  const cells = rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#71717a;vertical-align:top">${escapeHtml(k)}</td><td style="padding:4px 0">${paragraphs(v ?? '')}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;font-size:14px">${cells}</table>`;
}
