// Makes sure the Electron binary is present before `dev` and `start`.
//
// Electron's own postinstall (which downloads the binary) is disabled in pnpm-workspace.yaml so
// that `pnpm install` works on machines without access to GitHub's release downloads. Developers
// who run the console fetch the binary here, on first use. Never call this from an install hook.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// Resolve package.json, not `electron` itself: requiring `electron` starts a download of its own.
const electronDir = dirname(require.resolve('electron/package.json'));
const { version } = require('electron/package.json');

function binaryPath() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

if (binaryPath()) process.exit(0);

console.log(`Electron ${version}: binary not found, downloading it (one time)...`);
const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
  stdio: 'inherit',
});

if (install.status !== 0 || !binaryPath()) {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const oldNode = major < 22 || (major === 22 && minor < 12);
  console.error(
    [
      '',
      `Could not download the Electron ${version} binary into ${join(electronDir, 'dist')}.`,
      'It comes from GitHub releases (or $ELECTRON_MIRROR), not from the npm registry: this needs',
      'network access to it.',
      ...(oldNode
        ? [`Electron's installer also asks for Node >= 22.12; this is Node ${process.version}.`]
        : []),
      'Retry with: node node_modules/electron/install.js (from console/)',
      'Without the binary, `build`, `test` and `typecheck` still work; `dev` and `start` do not.',
    ].join('\n'),
  );
  process.exit(1);
}
