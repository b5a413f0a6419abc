// Packing the publishable packages as a dapp outside this repository gets them: shared by the
// pack-and-install test (scripts/pack-test.mjs) and the examples' smoke build (scripts/examples.mjs).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

/**
 * The publishable packages, in build order (the React, Vue and wagmi packages read the host's built types;
 * `@airlock/siwx`, the dapp server's sign-in verification, stands alone).
 */
export const PACKAGES = [
  { name: '@airlock/host-sdk', dir: 'apps/host-sdk' },
  { name: '@airlock/react', dir: 'packages/react' },
  { name: '@airlock/vue', dir: 'packages/vue' },
  { name: '@airlock/wagmi', dir: 'packages/wagmi' },
  { name: '@airlock/siwx', dir: 'packages/siwx' },
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
 * `npm pack`s each of {@link PACKAGES} into `dest`, as a developer does from a clone: each package's
 * `prepack` script builds it (so a tarball is never empty of its dist/).
 * @param {string} dest folder for the tarballs
 * @returns {{ name: string, dir: string, tarball: string, size: number, files: { path: string }[] }[]}
 *   per package: its tarball's absolute path, its size in bytes and its file list
 * @throws {Error} `npm pack of <name> failed`
 */
export function packPackages(dest) {
  return PACKAGES.map((p) => {
    const packed = sh('npm', ['pack', '--pack-destination', dest, '--json'], join(ROOT, p.dir));
    if (packed.code !== 0) throw new Error(`npm pack of ${p.name} failed`);
    // The prepack build prints to stdout before npm's JSON, which starts with a line holding only '['.
    const [{ filename, size, files }] = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[\s*$/m)));
    return { ...p, tarball: join(dest, filename.replace(/^@/, '').replace(/\//, '-')), size, files };
  });
}
