import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/** The renderer's dev server; the app loads it through app://console (src/main/app-handler.ts). */
const DEV_PORT = 5174;

// On the dev server, @vitejs/plugin-react injects its React Refresh preamble as an inline script
// and Vite's client opens a WebSocket to the dev server; the renderer's CSP forbids both. Relax
// it for `electron-vite dev` only: the built index.html keeps the strict policy byte for byte.
function devCsp(): Plugin {
  return {
    name: 'studio:dev-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
          .replace("connect-src 'self'", `connect-src 'self' ws://localhost:${DEV_PORT}`),
    },
  };
}

export default defineConfig({
  main: {},
  preload: {
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    build: {
      // A sandboxed preload cannot load ES modules or require anything but a few Electron
      // modules, so it is bundled into one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), devCsp()],
    // The dashboard's files live in site/ and resolve its packages from there: one copy of
    // React, Mantine (its notification store is a module singleton) and TanStack Query.
    resolve: {
      dedupe: [
        'react',
        'react-dom',
        '@mantine/core',
        '@mantine/hooks',
        '@mantine/notifications',
        '@tanstack/react-query',
      ],
    },
    server: {
      port: DEV_PORT,
      strictPort: true,
      // The page's origin is app://console, so the HMR client must be told where Vite is.
      hmr: { protocol: 'ws', host: 'localhost', clientPort: DEV_PORT },
    },
  },
});
