// Packing the publishable packages as a dapp outside this repository gets them: shared by the
// pack-and-install test (scripts/pack-test.mjs) and the examples' smoke build (scripts/examples.mjs).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

/** The publishable packages, in build order (the React, Vue and wagmi packages read the host's built types). */
export const PACKAGES = [
  { name: '@airlock/host-sdk', dir: 'apps/host-sdk' },
  { name: '@airlock/react', dir: 'packages/react' },
  { name: '@airlock/vue', dir: 'packages/vue' },
  { name: '@airlock/wagmi', dir: 'packages/wagmi' },
];

/**
 * Runs a command synchronously (5 min timeout). Prints its output when `show` or on failure.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {{ show?: boolean, env?: NodeJS.ProcessEnv }} [options]
 * @returns {{ code: number, out: string, stdout: string }} exit code (1 when killed), stdout + stderr, stdout
 */
export function sh(command, args, cwd, { show = false, env = process.env } = {}) {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (show || r.status !== 0) process.stdout.write(out);
  return { code: r.status ?? 1, out, stdout: r.stdout ?? '' };
}

/**
 * Builds each of {@link PACKAGES} (`npm run build -w`) and `npm pack`s it into `dest`.
 * @param {string} dest folder for the tarballs
 * @returns {{ name: string, dir: string, tarball: string, size: number, files: { path: string }[] }[]}
 *   per package: its tarball's absolute path, its size in bytes and its file list
 * @throws {Error} `build of <name> failed` or `npm pack of <name> failed`
 */
export function packPackages(dest) {
  return PACKAGES.map((p) => {
    if (sh('npm', ['run', 'build', '-w', p.name], ROOT).code !== 0) throw new Error(`build of ${p.name} failed`);
    const packed = sh('npm', ['pack', '--pack-destination', dest, '--json'], join(ROOT, p.dir));
    if (packed.code !== 0) throw new Error(`npm pack of ${p.name} failed`);
    const [{ filename, size, files }] = JSON.parse(packed.stdout);
    return { ...p, tarball: join(dest, filename.replace(/^@/, '').replace(/\//, '-')), size, files };
  });
}
