import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

// On the dev server, @vitejs/plugin-react injects its React Refresh preamble as an inline script
// and Vite injects imported CSS as <style> tags; the renderer's CSP forbids both. Relax it for
// `electron-vite dev` only: the built index.html keeps the strict policy byte for byte.
function devCsp(): Plugin {
  return {
    name: 'studio:dev-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
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
  },
});
