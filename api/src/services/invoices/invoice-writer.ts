import type PDFDocument from 'pdfkit';
import { invoiceFallbackFont, invoiceFonts } from './invoice-fonts.ts';

type Doc = InstanceType<typeof PDFDocument>;
type Weight = 'regular' | 'bold';

export interface WriteOptions {
  width: number;
  size?: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Extra space under the text, in points. */
  gap?: number;
}

/** fontkit's font under a pdfkit font (pdfkit keeps it on `_font.font`; its types omit it). */
interface GlyphSource {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
function glyphsOf(doc: Doc): GlyphSource {
  return (doc as unknown as { _font: { font: GlyphSource } })._font.font;
}

/**
 * Writes text on an invoice in the shipped DejaVu Sans, handing each run of characters it has
 * no glyph for (Chinese, Japanese, ...) to the machine's fallback font when there is one
 * (invoice-fonts.ts), so a name in any script is drawn rather than boxes.
 */
export class InvoiceWriter {
  private readonly has: Record<Weight, GlyphSource>;
  private readonly fallback: GlyphSource | null;

  constructor(readonly doc: Doc) {
    const fonts = invoiceFonts();
    doc.registerFont('regular', fonts.regular);
    doc.registerFont('bold', fonts.bold);
    doc.font('bold');
    const bold = glyphsOf(doc);
    doc.font('regular');
    this.has = { regular: glyphsOf(doc), bold };
    const fallback = invoiceFallbackFont();
    if (fallback) {
      doc.registerFont('fallback', fallback);
      doc.font('fallback');
      this.fallback = glyphsOf(doc);
      doc.font('regular');
    } else {
      this.fallback = null;
    }
  }

  /** The text cut where it moves between the main font and the fallback. */
  private runs(text: string, weight: Weight): { font: string; text: string }[] {
    const main = this.has[weight];
    const runs: { font: string; text: string }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 32;
      const font =
        this.fallback &&
        cp > 0x7f &&
        !main.hasGlyphForCodePoint(cp) &&
        this.fallback.hasGlyphForCodePoint(cp)
          ? 'fallback'
          : weight;
      const last = runs.at(-1);
      // Spaces go with the run they are in, so a name is not cut into pieces at each word.
      if (last && (last.font === font || /\s/.test(ch))) last.text += ch;
      else runs.push({ font, text: ch });
    }
    return runs;
  }

  /** Height `text` takes at `width` (in the main font, which sets the line height). */
  height(text: string, { width, size = 10, weight = 'regular' }: WriteOptions): number {
    return this.doc.font(weight).fontSize(size).heightOfString(text, { width });
  }

  /** The largest size from `size` down to `smallest` (half a point at a time) at which `text` fits on one line of `width`. */
  fittingSize(
    text: string,
    width: number,
    size: number,
    smallest: number,
    weight: Weight = 'regular',
  ): number {
    let fit = size;
    while (fit > smallest && this.doc.font(weight).fontSize(fit).widthOfString(text) > width)
      fit -= 0.5;
    return fit;
  }

  /** Writes `text` at (x, y); answers the y under it. */
  write(text: string, x: number, y: number, options: WriteOptions): number {
    const {
      width,
      size = 10,
      weight = 'regular',
      color = '#18181b',
      align = 'left',
      gap = 0,
    } = options;
    const doc = this.doc.fillColor(color).fontSize(size);
    const runs = align === 'left' ? this.runs(text, weight) : [{ font: weight, text }];
    runs.forEach((run, i) => {
      doc.font(run.font);
      const continued = i < runs.length - 1;
      if (i === 0) doc.text(run.text, x, y, { width, align, continued, lineGap: 1 });
      else doc.text(run.text, { continued, lineGap: 1 });
    });
    if (runs.length === 0) return y + gap;
    return doc.y + gap;
  }
}
