import { formatUsd } from '@studio/shared/money';
import { statusSourceLabels } from '@studio/shared/statuses';

/** Keys whose values never leave the API, whatever a future `recordAudit` caller puts there. */
const SECRET_KEY = /pass|hash(?!es)|token|secret|signature|authori[sz]ation|cookie|key$|requestid/i;
const MAX = 160;

type Detail = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const money = (v: unknown) => (typeof v === 'number' ? formatUsd(v) : '');
const plural = (n: unknown, one: string, many = `${one}s`) =>
  typeof n === 'number' ? `${n} ${n === 1 ? one : many}` : '';

function source(detail: Detail): string {
  const s = detail.source;
  return typeof s === 'string' && s in statusSourceLabels
    ? ` (${statusSourceLabels[s as keyof typeof statusSourceLabels]})`
    : '';
}

function fromTo(detail: Detail): string {
  const from = text(detail.from);
  const to = text(detail.to);
  return from && to ? `${from} → ${to}` : to || from;
}

/** Field names of an edit, e.g. "price, stock". */
function changedFields(detail: Detail): string {
  const changed = Array.isArray(detail.changed) ? detail.changed : Object.keys(detail);
  const names = changed.filter((k): k is string => typeof k === 'string' && !SECRET_KEY.test(k));
  return names.length ? `Changed: ${names.join(', ')}` : '';
}

/** Scalars of an unknown action's detail, secrets left out. */
function generic(detail: Detail): string {
  return Object.entries(detail)
    .filter(([k, v]) => !SECRET_KEY.test(k) && ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

const summaries: Record<string, (d: Detail) => string> = {
  'order.status': (d) => fromTo(d) + source(d),
  'submission.payment_state': (d) => fromTo(d) + source(d),
  'payment.status': (d) => fromTo(d) + source(d) + (d.reason ? `: ${text(d.reason)}` : ''),
  'order.shipping': (d) =>
    [text(d.carrier), text(d.trackingNumber), text(d.shippingMethod)].filter(Boolean).join(' · '),
  'refund.create': (d) => [money(d.amountCents), text(d.method)].filter(Boolean).join(' by '),
  'refund.complete': (d) =>
    [money(d.amountCents), text(d.method)].filter(Boolean).join(' by ') + source(d),
  'refund.fail': (d) => [money(d.amountCents), text(d.reason)].filter(Boolean).join(': '),
  'product.create': (d) => (d.sku ? `SKU ${text(d.sku)}` : ''),
  'product.update': changedFields,
  'product.deactivate': () => '',
  'product.image.add': () => '',
  'product.image.remove': () => '',
  'service.update': (d) => {
    const before = (d.before ?? {}) as Detail;
    const changes = (d.changes ?? {}) as Detail;
    const prices = (['listPriceCents', 'checkoutPriceCents'] as const)
      .filter((k) => k in changes)
      .map((k) => {
        const name = k === 'listPriceCents' ? 'Card price' : 'Checkout price';
        const to = changes[k] === null ? 'none' : money(changes[k]);
        return `${name} ${before[k] === null ? 'none' : money(before[k])} → ${to}`;
      });
    return prices.length ? prices.join(', ') : changedFields(changes);
  },
  'event.create': (d) => text(d.title),
  'event.delete': (d) => text(d.title),
  'event.update': (d) => [text(d.title), changedFields(d)].filter(Boolean).join(' · '),
  'blast.send': (d) =>
    [
      `“${text(d.subject)}” to ${plural(d.recipients, 'recipient')}`,
      d.skipped ? `${text(d.skipped)} skipped` : '',
    ]
      .filter(Boolean)
      .join(', '),
  'blast.retry': (d) => plural(d.recipients, 'recipient'),
  'blast.resend-unknown': (d) => plural(d.recipients, 'recipient'),
  'mail.resend': (d) =>
    [text(d.purpose), d.was ? `was ${text(d.was)}` : ''].filter(Boolean).join(', '),
  'subscribers.import': (d) =>
    [
      plural(d.added, 'added', 'added'),
      d.alreadySubscribed ? `${text(d.alreadySubscribed)} already subscribed` : '',
      d.unsubscribed ? `${text(d.unsubscribed)} unsubscribed kept out` : '',
      d.invalid ? `${text(d.invalid)} invalid` : '',
    ]
      .filter(Boolean)
      .join(', '),
  'user.role': fromTo,
};

/**
 * A short line from an audit entry's detail, for the Audit tab. The detail itself never leaves
 * the API: only what is picked here, and for an unknown action its plain values minus any whose
 * key names a secret.
 */
export function summarizeAuditDetail(action: string, detail: Detail): string {
  const summarize = summaries[action] ?? generic;
  const line = summarize(detail ?? {}).trim();
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}
