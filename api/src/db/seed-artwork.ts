import { createHash } from 'node:crypto';

/**
 * Artwork for the seeded products and events, composed here as SVG (title, colours, shapes)
 * and rendered by sharp, so the seed ships real images whose only author is this project
 * (no stock photos, no licences to track). Deterministic: the same text gives the same picture.
 */

const palettes = [
  ['#5f3dc4', '#15aabf', '#f8f0fc'],
  ['#c2255c', '#f59f00', '#fff9db'],
  ['#0b7285', '#37b24d', '#ebfbee'],
  ['#1864ab', '#7048e8', '#e7f5ff'],
  ['#d9480f', '#ae3ec9', '#fff4e6'],
  ['#212529', '#f03e3e', '#f8f9fa'],
] as const;

/** A number from 0 to 1 drawn from `seed` and `n`: the picture's only source of variety. */
function unit(seed: string, n: number): number {
  const digest = createHash('sha256').update(`${seed}:${n}`).digest();
  return digest.readUInt32BE(0) / 0xffffffff;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Greedy word wrap to lines of at most `max` characters. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A field of circles and a sound wave: the studio's motif. */
function motif(seed: string, w: number, h: number, accent: string): string {
  const circles = Array.from({ length: 5 }, (_, i) => {
    const r = (0.12 + unit(seed, i) * 0.3) * Math.min(w, h);
    const cx = unit(seed, i + 10) * w;
    const cy = unit(seed, i + 20) * h * 0.7;
    const opacity = (0.1 + unit(seed, i + 30) * 0.2).toFixed(2);
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${accent}" opacity="${opacity}"/>`;
  }).join('');
  const bars = Array.from({ length: 32 }, (_, i) => {
    const bw = w / 48;
    const bh = (0.1 + unit(seed, i + 100) * 0.9) * h * 0.16;
    const x = w * 0.08 + i * bw * 1.45;
    return `<rect x="${x.toFixed(1)}" y="${(h * 0.4 - bh / 2).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" rx="${(bw / 2).toFixed(1)}" fill="${accent}" opacity="0.55"/>`;
  }).join('');
  return circles + bars;
}

function text(lines: string[], x: number, y: number, size: number, fill: string, weight = 800) {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.15}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(line)}</text>`,
    )
    .join('');
}

function palette(seed: string) {
  return palettes[Math.floor(unit(seed, 0) * palettes.length)] ?? palettes[0];
}

/**
 * 960x720 (the shop card's 4:3): the product's name over the studio's motif. No category: the
 * card's badge shows it in the top corner.
 */
export function productArtwork(p: { sku: string; name: string }): Buffer {
  const [w, h] = [960, 720];
  const [from, to, ink] = palette(p.sku);
  const lines = wrap(p.name, 18).slice(0, 3);
  const size = 76;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${motif(p.sku, w, h, ink)}
${text(lines, 64, h - 64 - (lines.length - 1) * size * 1.15, size, ink)}
</svg>`;
  return Buffer.from(svg);
}

/** 720x960 (a poster): the event's title and place (no date, so the picture never changes). */
export function eventArtwork(e: { title: string; location?: string | null }): Buffer {
  const [w, h] = [720, 960];
  const [from, to, ink] = palette(e.title);
  const lines = wrap(e.title, 13).slice(0, 4);
  const size = 80;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${motif(e.title, w, h, ink)}
${text(['LIVE AT THE STUDIO'], 56, 96, 30, ink, 600)}
${text(lines, 56, h - 200 - (lines.length - 1) * size * 1.15, size, ink)}
${text([e.location ?? 'Community server'], 56, h - 112, 34, ink, 600)}
</svg>`;
  return Buffer.from(svg);
}
