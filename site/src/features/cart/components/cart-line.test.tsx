import { MantineProvider } from '@mantine/core';
import { limits } from '@studio/shared/limits';
import { orderMessages } from '@studio/shared/messages/orders';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CartLine } from './cart-line';

const cap = limits.maxQuantityPerLine;

function renderLine(quantity: number, stock: number) {
  const onQuantityChange = vi.fn();
  render(
    <MantineProvider>
      <ul>
        <CartLine
          item={{ productId: 'p-tee', name: 'Tee', priceCents: 2000, quantity, stock }}
          onQuantityChange={onQuantityChange}
          onRemove={() => {}}
        />
      </ul>
    </MantineProvider>,
  );
  return { onQuantityChange };
}

describe('a cart line at the cap per order', () => {
  it('says so with the server’s words and offers no more, though more is in stock', () => {
    const { onQuantityChange } = renderLine(cap, 300);
    expect(screen.getByText(orderMessages.perLineCap(cap))).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Increase quantity of Tee' });
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(more);
    expect(onQuantityChange).not.toHaveBeenCalled();
  });

  it('names the stock instead when the stock is what runs out first', () => {
    renderLine(3, 3);
    expect(screen.getByText('Only 3 in stock')).toBeTruthy();
    expect(screen.queryByText(orderMessages.perLineCap(cap))).toBeNull();
  });

  it('says nothing under the cap', () => {
    renderLine(cap - 1, 300);
    expect(screen.queryByText(orderMessages.perLineCap(cap))).toBeNull();
  });
});
