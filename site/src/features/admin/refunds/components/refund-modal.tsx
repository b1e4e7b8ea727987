import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { refundMessages } from '@studio/shared/messages/refunds';
import { formatUsd } from '@studio/shared/money';
import { createRefundSchema, refundReasonMax } from '@studio/shared/schemas/refunds';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../../lib/api-error';
import { MoneyInput } from '../../components/money-input';
import type { OrderRefunds } from '../../orders/api/get-order';
import { newRequestId, type RefundSubject, useCreateRefund } from '../api/create-refund';

/** An order's or a submission's refunds and what can still be refunded (the API's summary). */
export type RefundSummary = OrderRefunds;

export const METHOD_NAMES = { paypal: 'PayPal', usdt: 'USDT', alephium: 'Alephium (ALPH)' };

type Field = 'amountCents' | 'reason' | 'txHash' | 'restock';

interface Props {
  subject: RefundSubject;
  /** "Order ORD-…" or the project's service, for the title. */
  title: string;
  /** Who gets the money back, for the confirmation line. */
  customer: string;
  summary: RefundSummary;
  opened: boolean;
  onClose: () => void;
  /** Its place in the caller's `Modal.Stack`, when it opens over another modal. */
  stackId?: string;
}

/**
 * The Refund modal (decision 035): the amount (what is left by default), the reason the customer
 * reads, per line how many go back to stock (orders), the transaction hash of a crypto refund the
 * admin sent, and the line "Refund $x to <customer> via <method>" above the button. Its request
 * id is kept while the same refund is tried again (PayPal down, an answer lost), so PayPal never
 * refunds twice; a refused refund gets a new one.
 */
export function RefundModal({
  subject,
  title,
  customer,
  summary,
  opened,
  onClose,
  stackId,
}: Props) {
  return (
    <Modal
      {...(stackId ? { stackId } : {})}
      opened={opened}
      onClose={onClose}
      title={`Refund · ${title}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close refund' }}
    >
      {/* Mounted while open: each opening starts a fresh form with a new request id. */}
      {opened && (
        <RefundForm subject={subject} customer={customer} summary={summary} onDone={onClose} />
      )}
    </Modal>
  );
}

function RefundForm({
  subject,
  customer,
  summary,
  onDone,
}: Pick<Props, 'subject' | 'customer' | 'summary'> & { onDone: () => void }) {
  const create = useCreateRefund(subject);
  const [amount, setAmount] = useState<number | ''>(summary.refundableCents);
  const [reason, setReason] = useState('');
  const [txHash, setTxHash] = useState('');
  const [restock, setRestock] = useState<Record<string, number>>({});
  const [requestId, setRequestId] = useState(newRequestId);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);

  const method = summary.method ?? 'paypal';
  const crypto = method !== 'paypal';
  const cents = typeof amount === 'number' ? amount : 0;
  const via = crypto ? `${METHOD_NAMES[method]} from your wallet` : 'PayPal';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      amountCents: amount === '' ? Number.NaN : amount,
      reason,
      requestId,
      ...(crypto ? { txHash } : {}),
      ...(subject.kind === 'order'
        ? {
            restock: Object.entries(restock)
              .filter(([, quantity]) => quantity > 0)
              .map(([itemId, quantity]) => ({ itemId, quantity })),
          }
        : {}),
    };
    const checked = createRefundSchema.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
    }
    if (cents > summary.refundableCents) {
      found.amountCents = refundMessages.amountTooHigh(summary.refundable);
    }
    if (crypto && !txHash.trim()) found.txHash = refundMessages.txHashRequired;
    setErrors(found);
    setFailure(null);
    if (!checked.success || Object.keys(found).length > 0) return;
    create.mutate(checked.data, {
      onSuccess: onDone,
      onError: (error) => {
        const status = error instanceof ApiError ? error.status : 0;
        const message = error instanceof ApiError ? error.message : refundMessages.paypalFailed;
        // The same refund may be under way or saved as pending: try it again with the same id.
        const same = status === 0 || status === 503 || message === refundMessages.inFlight;
        if (!same) setRequestId(newRequestId());
        const byField: Partial<Record<Field, string>> = {};
        for (const issue of error instanceof ApiError ? error.issues : []) {
          const field = issue.path.split('.')[0] as Field;
          byField[field] ??= issue.message;
        }
        if (Object.keys(byField).length > 0) setErrors(byField);
        else setFailure({ message, retry: same });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Refund">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {`Paid ${summary.paid} with ${METHOD_NAMES[method]}. `}
          {summary.refundedCents > 0 ? `${summary.refunded} refunded so far. ` : ''}
          {summary.pendingCents > 0
            ? `${formatUsd(summary.pendingCents)} waiting for PayPal. `
            : ''}
          {`Up to ${summary.refundable} can be refunded.`}
        </Text>
        <MoneyInput
          label="Amount"
          withAsterisk
          value={amount}
          onChange={setAmount}
          error={errors.amountCents}
        />
        <TextInput
          label="Reason"
          description="The customer reads it in the refund e-mail (and in PayPal)"
          withAsterisk
          maxLength={refundReasonMax}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        {subject.kind === 'order' && summary.restockable.length > 0 && (
          <Fieldset legend="Return to stock (optional)" variant="filled" p="sm">
            <Stack gap="xs">
              {summary.restockable.map((line) => (
                <NumberInput
                  key={line.itemId}
                  label={line.name}
                  description={
                    line.left > 0
                      ? `Up to ${line.left} of ${line.sold} sold`
                      : `Nothing left to return (${line.sold} sold)`
                  }
                  min={0}
                  max={line.left}
                  disabled={line.left === 0}
                  allowNegative={false}
                  allowDecimal={false}
                  clampBehavior="strict"
                  value={restock[line.itemId] ?? 0}
                  onChange={(v) =>
                    setRestock((now) => ({ ...now, [line.itemId]: typeof v === 'number' ? v : 0 }))
                  }
                />
              ))}
              {errors.restock && (
                <Text size="sm" c="red.4" role="alert">
                  {errors.restock}
                </Text>
              )}
            </Stack>
          </Fieldset>
        )}
        {crypto && (
          <TextInput
            label="Transaction hash"
            description={
              method === 'usdt'
                ? 'The USDT transfer you sent from your wallet: 0x and 64 characters'
                : 'The Alephium transfer you sent from your wallet: 64 characters'
            }
            withAsterisk
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={txHash}
            onChange={(e) => setTxHash(e.currentTarget.value)}
            error={errors.txHash}
          />
        )}
        {failure && (
          <Alert
            color={failure.retry ? 'yellow' : 'red'}
            variant="light"
            title={failure.retry ? 'Not finished yet' : 'The refund was not made'}
            role="alert"
          >
            {failure.message}
          </Alert>
        )}
        <Text fw={600} data-testid="refund-confirmation">
          {`Refund ${formatUsd(cents)} to ${customer} via ${via}`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {failure?.retry ? 'Try again' : `Refund ${formatUsd(cents)}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
