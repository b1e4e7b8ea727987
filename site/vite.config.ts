import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

const siteRoot = fileURLToPath(new URL('.', import.meta.url));

/** Mantine's core and the components of every page's header, footer and landing view. */
const MANTINE_SHELL =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|utils|components[\\/](Box|UnstyledButton|Button|ActionIcon|Text|Title|Group|Stack|Container|Paper|Badge|Indicator|Anchor|Transition|Collapse|ThemeIcon|SimpleGrid|Center|VisuallyHidden|CloseButton|Loader|Skeleton|Portal))[\\/]/;

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
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Every page starts with React, the router, TanStack Query and Mantine's core and
          // layout components: one chunk each instead of dozens of small shared ones, since
          // each request costs its headers and a round of compression. The server build keeps
          // its default.
          codeSplitting: isSsrBuild
            ? true
            : {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@mantine[\\/](store|hooks))[\\/]/,
                    priority: 20,
                  },
                  {
                    name: 'mantine',
                    test: MANTINE_SHELL,
                    priority: 10,
                  },
                ],
              },
        },
      },
    },
  };
});
