// Screenshots of every view of the widget in light, dark and mobile (390x844), for a person
// to review the whole modal in a minute: runs the e2e tour `e2e/views.spec.ts` (which also
// checks accessibility), the theme spec `e2e/theme.spec.ts` (light, dark, a custom accent, the
// secure frame's approval), the right-to-left views of `e2e/locale.spec.ts` and the translated Connect,
// Account, Send and approval views of `e2e/locale-fit.spec.ts` (fa, he, ar, ja, de) with AIRLOCK_SCREENSHOTS
// set, against the e2e stack (rebuilt first).
// Output: .airlock/screenshots/<mode>-<nn>-<view>.png, theme-<name>.png, rtl-<nn>-<view>.png and
// i18n-<locale>-<nn>-<view>.png (git-ignored).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.env.AIRLOCK_SCREENSHOTS ?? `${root}.airlock/screenshots`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const run = spawnSync(
  'npx',
  ['playwright', 'test', 'e2e/views.spec.ts', 'e2e/theme.spec.ts', 'e2e/locale.spec.ts', 'e2e/locale-fit.spec.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AIRLOCK_SCREENSHOTS: out, AIRLOCK_E2E_BUILD: process.env.AIRLOCK_E2E_BUILD ?? '1' },
  },
);
console.log(`[screenshots] ${out}`);
process.exit(run.status ?? 1);
