import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

const siteRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode, isSsrBuild }) => {
  // VITE_API_PROXY may come from the shell or a site/.env file; default is the API's dev port.
  const env = loadEnv(mode, siteRoot, 'VITE_');
  const apiProxy = {
    '/api': { target: env.VITE_API_PROXY || 'http://127.0.0.1:3000', changeOrigin: true },
  };

  return {
    root: siteRoot,
    plugins: [
      // The router plugin must run before react() so it can split route files first.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
      // The client build only: the server build of src/entry-server.tsx that prerender() runs
      // is read once at build time and never served.
      ...(isSsrBuild
        ? []
        : [
            bundleBudget(),
            // Writes the pre-rendered pages, spa.html, robots.txt and sitemap.xml once the
            // client bundle is out; precompress() stays last so those files are compressed too.
            prerender(),
            precompress(),
          ]),
    ],
    server: { port: 5173, strictPort: true, proxy: apiProxy },
    preview: { port: 4173, proxy: apiProxy },
    // Source maps are served with the site: its code is public anyway, and they make errors
    // reported from visitors' browsers readable (docs/decisions/016-first-load.md).
    build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, sourcemap: true },
  };
});
