import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Text formats worth compressing; images, fonts in woff2 and media are already compressed.
 * Source maps are left out: only developer tools fetch them, and brotli 11 on megabytes of
 * them would triple the build time.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than the extra round of headers costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible
 * file of `dir`, only where they are smaller. The API serves them by content negotiation
 * (api/src/static-site.ts), so nothing is compressed on a request. Build reports under `.vite/`
 * are skipped. Returns the files written.
 */
export function precompressDir(dir: string): string[] {
  const written: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
      const raw = readFileSync(file);
      const br = brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      const gz = gzipSync(raw, { level: 9 });
      if (br.length < raw.length) {
        writeFileSync(`${file}.br`, br);
        written.push(`${file}.br`);
      }
      if (gz.length < raw.length) {
        writeFileSync(`${file}.gz`, gz);
        written.push(`${file}.gz`);
      }
    }
  };
  walk(dir);
  return written;
}

/** Vite plugin: precompresses the build output once everything is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'studio-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const written = precompressDir(outDir);
        this.info(`precompressed ${written.length} files (brotli and gzip)`);
      },
    },
  };
}
