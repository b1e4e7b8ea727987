import { MantineProvider } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_DURATIONS, TOAST_LIMIT, toast } from './toast';

function renderToasts() {
  render(
    <MantineProvider env="test">
      <Notifications limit={TOAST_LIMIT} />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
});

const stored = (id: string) => notificationsStore.getState().notifications.find((n) => n.id === id);

describe('toasts', () => {
  it('uses the spec durations: blank, error and custom 4 s, success 2 s, loading until dismissed', () => {
    expect(TOAST_DURATIONS).toEqual({
      blank: 4000,
      error: 4000,
      success: 2000,
      loading: false,
      custom: 4000,
    });
    renderToasts();
    const ids = { blank: '', error: '', success: '', loading: '', custom: '' };
    act(() => {
      ids.blank = toast.blank('plain');
      ids.error = toast.error('bad');
      ids.success = toast.success('good');
      ids.loading = toast.loading('wait');
      ids.custom = toast.custom('mine');
    });
    expect(stored(ids.blank)?.autoClose).toBe(4000);
    expect(stored(ids.error)?.autoClose).toBe(4000);
    expect(stored(ids.success)?.autoClose).toBe(2000);
    expect(stored(ids.loading)?.autoClose).toBe(false);
    expect(stored(ids.loading)?.loading).toBe(true);
    expect(stored(ids.custom)?.autoClose).toBe(4000);
    expect(
      screen.getByText('bad').closest('[data-toast-type]')?.getAttribute('data-toast-type'),
    ).toBe('error');
  });

  it('shows at most 20 at once, queueing the rest', () => {
    renderToasts();
    act(() => {
      for (let i = 1; i <= 25; i++) toast.blank(`message ${i}`);
    });
    expect(screen.getAllByText(/^message \d+$/)).toHaveLength(20);
    expect(notificationsStore.getState().queue).toHaveLength(5);
  });

  it('replaces a toast given the same id instead of stacking it', () => {
    renderToasts();
    act(() => {
      toast.loading('Uploading...', { id: 'upload' });
      toast.success('Uploaded', { id: 'upload' });
    });
    expect(screen.queryByText('Uploading...')).toBeNull();
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(stored('upload')?.autoClose).toBe(2000);
  });
});
