import type { Db } from '../db/client.ts';
import { getProject } from '../projects.ts';
import {
  getSponsorshipPolicy,
  removeSponsorshipPolicy,
  setSponsorshipPolicy,
  type SponsorshipPolicy,
} from './policy.ts';

/** The `sponsorship` commands of the operator CLI (apps/api/src/cli.ts). */
export const SPONSORSHIP_USAGE = `  sponsorship set --project <id> --enabled true|false --daily-gas <gas units per user, chain and UTC day> [--targets any|0x…,0x…]
  sponsorship show --project <id>
  sponsorship remove --project <id>`;

/** One policy as the CLI prints it. */
export function describePolicy(p: SponsorshipPolicy): string {
  return `${p.projectId}\tsponsorship=${p.enabled ? 'on' : 'off'}\tdailyGasPerUser=${p.dailyGasLimit}\ttargets=${p.allowedTargets ? p.allowedTargets.join(',') || '(none)' : 'any'}`;
}

/**
 * Runs `sponsorship set|show|remove` with the CLI's parsed options.
 * `set` needs `--enabled` (`true`/`false`) and `--daily-gas`; `--targets` is `any` (default) or a comma list of
 * contract addresses the sponsored operations may call.
 * @returns the lines to print and whether it succeeded (a missing policy or project is not)
 * @throws Error with a readable message on bad input
 */
export async function sponsorshipCommand(
  db: Db,
  command: 'set' | 'show' | 'remove',
  values: { project?: string; enabled?: string; 'daily-gas'?: string; targets?: string },
): Promise<{ lines: string[]; ok: boolean }> {
  const projectId = values.project ?? '';
  if (!projectId) throw new Error('--project <id> is required');
  if (command === 'show') {
    const policy = await getSponsorshipPolicy(db, projectId);
    return policy
      ? { lines: [describePolicy(policy)], ok: true }
      : { lines: [`no sponsorship policy for ${projectId}`], ok: false };
  }
  if (command === 'remove') {
    const removed = await removeSponsorshipPolicy(db, projectId);
    return {
      lines: [removed ? `sponsorship policy of ${projectId} removed` : `no sponsorship policy for ${projectId}`],
      ok: removed,
    };
  }
  if (!(await getProject(db, projectId))) throw new Error(`no project ${projectId}`);
  if (values.enabled !== 'true' && values.enabled !== 'false') throw new Error('--enabled must be true or false');
  if (values['daily-gas'] === undefined) throw new Error('--daily-gas <gas units> is required');
  const targets = (values.targets ?? 'any').trim();
  const policy = await setSponsorshipPolicy(db, {
    projectId,
    enabled: values.enabled === 'true',
    dailyGasLimit: values['daily-gas'],
    allowedTargets:
      targets === 'any'
        ? null
        : targets
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
  });
  return { lines: [`saved: ${describePolicy(policy)}`], ok: true };
}
