import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { cssVariablesResolver, theme } from '../../../lib/theme';

// The room's shared parts in tests: the site's theme, and stand-ins for what jsdom's <audio>
// cannot do (it loads nothing and plays nothing).

/** Renders `ui` in the site's theme. */
export function renderInTheme(ui: ReactNode) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      {children}
    </MantineProvider>
  );
  return render(ui, { wrapper });
}

/** play and pause fire their events and flip `paused`, as a browser's element does. */
export function fakeAudio() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

/** The element's metadata arrived: it is `seconds` long. */
export function loadMetadata(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { value: seconds, configurable: true });
  audio.dispatchEvent(new Event('loadedmetadata'));
}
