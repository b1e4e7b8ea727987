import { limits } from '@studio/shared/limits';
import { formatUsd } from '@studio/shared/money';
import PDFDocument from 'pdfkit';
import type { BusinessDetails } from './business-details.ts';
import { formatSaleDate } from './invoice-number.ts';
import { InvoiceWriter } from './invoice-writer.ts';
import type { Sale } from './load-sale.ts';
import { cryptoAmount, paymentMethodNames, paymentReference } from './payment-reference.ts';

const page = { width: 595.28, height: 841.89, margin: 50 };
const left = page.margin;
const right = page.width - page.margin;
const half = 300;
const ink = '#18181b';
const muted = '#52525b';
const rule = '#d4d4d8';
const shade = '#f4f4f5';
const red = '#b91c1c';

/** Table columns: x and width; the last three are right-aligned figures. */
const cols = {
  item: { x: left + 8, width: 244 },
  qty: { x: left + 256, width: 40 },
  unit: { x: left + 300, width: 88 },
  amount: { x: left + 392, width: right - 8 - (left + 392) },
};

function line(doc: InstanceType<typeof PDFDocument>, y: number, color = rule, width = 0.75) {
  doc.moveTo(left, y).lineTo(right, y).lineWidth(width).strokeColor(color).stroke();
}

function label(w: InvoiceWriter, text: string, x: number, y: number, width: number) {
  return w.write(text.toUpperCase(), x, y, {
    width,
    size: 8,
    weight: 'bold',
    color: muted,
    gap: 3,
  });
}

/** Seller on the left; the title, the invoice's numbers and dates on the right. */
function header(w: InvoiceWriter, sale: Sale, business: BusinessDetails): number {
  const invoice = sale.invoice;
  if (!invoice) throw new Error('an invoice needs its number');
  let y = w.write(business.name, left, page.margin, {
    width: 240,
    size: 16,
    weight: 'bold',
    gap: 4,
  });
  for (const text of [
    ...business.addressLines,
    business.email,
    business.website,
    ...(business.taxId ? [`Tax ID: ${business.taxId}`] : []),
  ])
    y = w.write(text, left, y, { width: 240, size: 9, color: muted, gap: 1 });

  let ry = w.write('Invoice', half, page.margin - 2, {
    width: right - half,
    size: 22,
    weight: 'bold',
    align: 'right',
    gap: 6,
  });
  const facts: [string, string][] = [
    ['Invoice no.', invoice.number],
    ['Invoice date', formatSaleDate(invoice.issuedAt)],
    [sale.subject.kind === 'order' ? 'Order' : 'Project', sale.reference],
    ...(sale.paidAt ? [['Paid', formatSaleDate(sale.paidAt)] as [string, string]] : []),
  ];
  const valueWidth = right - half - 60;
  for (const [k, v] of facts) {
    w.write(k, half, ry, { width: 70, size: 9, color: muted });
    // A value stays on one line: a project's id (a UUID) is shrunk to fit rather than cut at a
    // hyphen, so it can be read and searched for whole.
    const size = w.fittingSize(v, valueWidth, 9, 7);
    ry = w.write(v, right - valueWidth, ry + (9 - size) / 2, {
      width: valueWidth,
      size,
      align: 'right',
      gap: 2 + (9 - size) / 2,
    });
  }
  if (sale.refunded || sale.refundedCents > 0) {
    const doc = w.doc;
    const boxWidth = sale.refunded ? 96 : 150;
    ry += 6;
    doc
      .roundedRect(right - boxWidth, ry, boxWidth, 22, 3)
      .lineWidth(1.5)
      .strokeColor(red)
      .stroke();
    w.write(sale.refunded ? 'Refunded' : 'Partially refunded', right - boxWidth, ry + 5, {
      width: boxWidth,
      size: 11,
      weight: 'bold',
      color: red,
      align: 'center',
    });
    ry += 22;
  }
  return Math.max(y, ry) + 18;
}

/** Who bought (left) and how it was paid (right). */
function parties(w: InvoiceWriter, sale: Sale, top: number): number {
  let y = label(w, 'Bill to', left, top, 240);
  y = w.write(sale.buyer.name, left, y, { width: 240, size: 11, weight: 'bold', gap: 2 });
  y = w.write(sale.buyer.email, left, y, { width: 240, size: 9, color: muted, gap: 1 });
  const a = sale.buyer.address;
  if (a) {
    const shipTo = `${a.firstName} ${a.lastName}`.trim();
    const lines = [
      ...(shipTo && shipTo !== sale.buyer.name ? [shipTo] : []),
      a.street,
      [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      a.phone,
    ].filter(Boolean);
    for (const text of lines) y = w.write(text, left, y, { width: 240, size: 9, gap: 1 });
  }

  let ry = label(w, 'Payment', half, top, right - half);
  const payment = sale.payment;
  const width = right - half;
  if (payment) {
    ry = w.write(paymentMethodNames[payment.method], half, ry, {
      width,
      size: 11,
      weight: 'bold',
      gap: 2,
    });
    const sent = cryptoAmount(payment);
    if (sent) ry = w.write(`Amount sent: ${sent}`, half, ry, { width, size: 9, gap: 1 });
    const reference = paymentReference(payment.externalId);
    if (reference) {
      ry = w.write(reference.label, half, ry, { width, size: 9, color: muted, gap: 0 });
      ry = w.write(reference.value, half, ry, { width, size: 8, gap: 1 });
    }
  } else {
    ry = w.write('Recorded by the seller', half, ry, { width, size: 11, weight: 'bold', gap: 2 });
  }
  if (sale.paidAt)
    ry = w.write(`Paid ${formatSaleDate(sale.paidAt)}`, half, ry, { width, size: 9, gap: 1 });
  return Math.max(y, ry) + 20;
}

function tableHead(w: InvoiceWriter, y: number): number {
  w.doc.rect(left, y, right - left, 20).fill(shade);
  const head = { size: 8.5, weight: 'bold' as const, color: muted };
  w.write('Item', cols.item.x, y + 6, { ...head, width: cols.item.width });
  w.write('Qty', cols.qty.x, y + 6, { ...head, width: cols.qty.width, align: 'right' });
  w.write('Unit price', cols.unit.x, y + 6, { ...head, width: cols.unit.width, align: 'right' });
  w.write('Amount', cols.amount.x, y + 6, { ...head, width: cols.amount.width, align: 'right' });
  return y + 26;
}

/** The lines, on as many pages as they take (the head again on each). */
function lines(w: InvoiceWriter, sale: Sale, top: number): number {
  let y = tableHead(w, top);
  for (const item of sale.lines) {
    const nameHeight = w.height(item.name, { width: cols.item.width, size: 10 });
    const rowHeight = nameHeight + 16;
    if (y + rowHeight > page.height - page.margin - 20) {
      w.doc.addPage();
      y = tableHead(w, page.margin);
    }
    w.write(item.name, cols.item.x, y, { width: cols.item.width, size: 10 });
    w.write(`SKU ${item.sku}`, cols.item.x, y + nameHeight + 1, {
      width: cols.item.width,
      size: 7.5,
      color: muted,
    });
    const figure = { size: 10, align: 'right' as const };
    w.write(String(item.quantity), cols.qty.x, y, { ...figure, width: cols.qty.width });
    w.write(formatUsd(item.unitPriceCents), cols.unit.x, y, { ...figure, width: cols.unit.width });
    w.write(formatUsd(item.lineTotalCents), cols.amount.x, y, {
      ...figure,
      width: cols.amount.width,
    });
    y += rowHeight;
    line(w.doc, y - 6);
  }
  return y + 4;
}

function totals(w: InvoiceWriter, sale: Sale, top: number): number {
  let y = top;
  if (y + 110 > page.height - page.margin) {
    w.doc.addPage();
    y = page.margin;
  }
  const x = half;
  const width = right - x;
  const rows: [string, string][] = [
    ['Subtotal', formatUsd(sale.subtotalCents)],
    ...(sale.subject.kind === 'order'
      ? [['Shipping', formatUsd(sale.shippingCents)] as [string, string]]
      : []),
    [`Tax (${Math.round(limits.taxRate * 100)}%)`, formatUsd(sale.taxCents)],
  ];
  for (const [k, v] of rows) {
    w.write(k, x, y, { width, size: 10, color: muted });
    y = w.write(v, x, y, { width: width - 8, size: 10, align: 'right', gap: 4 });
  }
  w.doc.moveTo(x, y).lineTo(right, y).lineWidth(1).strokeColor(ink).stroke();
  y += 6;
  w.write('Total', x, y, { width, size: 12, weight: 'bold' });
  y = w.write(formatUsd(sale.totalCents), x, y, {
    width: width - 8,
    size: 12,
    weight: 'bold',
    align: 'right',
    gap: 4,
  });
  // Each refund given, dated; a refund recorded only as a status (the admin's "Refunded", or
  // PayPal's before refunds were kept) is the whole total.
  const given =
    sale.refunds.length > 0
      ? sale.refunds.map((r) => ({
          label: `Refunded ${formatSaleDate(r.at)}`,
          cents: r.amountCents,
        }))
      : sale.refunded
        ? [{ label: 'Refunded', cents: sale.totalCents }]
        : [];
  for (const refund of given) {
    w.write(refund.label, x, y, { width, size: 10, weight: 'bold', color: red });
    y = w.write(`-${formatUsd(refund.cents)}`, x, y, {
      width: width - 8,
      size: 10,
      weight: 'bold',
      color: red,
      align: 'right',
      gap: 4,
    });
  }
  if (given.length > 0) {
    const kept = Math.max(0, sale.totalCents - given.reduce((sum, r) => sum + r.cents, 0));
    w.write('Net paid', x, y, { width, size: 10, weight: 'bold' });
    y = w.write(formatUsd(kept), x, y, {
      width: width - 8,
      size: 10,
      weight: 'bold',
      align: 'right',
      gap: 4,
    });
  }
  return y + 24;
}

function footer(w: InvoiceWriter, business: BusinessDetails, top: number) {
  const text = business.footerLines.join('\n');
  if (!text) return;
  const height = w.height(text, { width: right - left, size: 9 }) + 12;
  let y = top;
  if (y + height > page.height - page.margin) {
    w.doc.addPage();
    y = page.margin;
  }
  line(w.doc, y);
  w.write(text, left, y + 10, { width: right - left, size: 9, color: muted, align: 'center' });
}

/** `Invoice 2026-000001 · Page 2 of 3` under each page of an invoice that takes more than one. */
function numberPages(w: InvoiceWriter, number: string) {
  const range = w.doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let i = 0; i < range.count; i++) {
    w.doc.switchToPage(range.start + i);
    // Below the bottom margin, where pdfkit would otherwise start a new page.
    w.doc.page.margins.bottom = 0;
    w.write(`Invoice ${number} · Page ${i + 1} of ${range.count}`, left, page.height - 32, {
      width: right - left,
      size: 8,
      color: muted,
      align: 'center',
    });
  }
}

/**
 * The PDF invoice of a paid order or submission (decision 036), made from stored data only
 * (its number and date, the order's own lines and totals, the payment), so the same invoice
 * comes out each time. Answers the document as a stream, already ended.
 */
export function renderInvoicePdf({
  sale,
  business,
}: {
  sale: Sale;
  business: BusinessDetails;
}): InstanceType<typeof PDFDocument> {
  const invoice = sale.invoice;
  if (!invoice) throw new Error('only a paid sale has an invoice');
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    // Kept until the end, so a long invoice can number its pages.
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: business.name,
      Subject: `${sale.subject.kind === 'order' ? 'Order' : 'Project'} ${sale.reference}`,
      // Fixed, so the file is the same each time it is made.
      CreationDate: invoice.issuedAt,
    },
  });
  const w = new InvoiceWriter(doc);
  let y = header(w, sale, business);
  line(doc, y - 8, ink, 1);
  y = parties(w, sale, y + 4);
  y = lines(w, sale, y);
  y = totals(w, sale, y);
  footer(w, business, y);
  numberPages(w, invoice.number);
  doc.end();
  return doc;
}
