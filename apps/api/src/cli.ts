import { parseArgs } from 'node:util';
import { openDatabase } from './db/client.ts';
import { listProjects, removeProject, upsertProject } from './projects.ts';
import { applySeed, readSeedFile } from './seed.ts';
import { sponsorshipCommand, SPONSORSHIP_USAGE } from './sponsorship/cli.ts';

/**
 * Operator CLI, run with tsx:
 *   npx tsx apps/api/src/cli.ts project add --id X --name N --origins a,b [--features '{"email":false}'] [--rate-limit '{"capacity":60,"refillPerSecond":10}']
 *   npx tsx apps/api/src/cli.ts project list
 *   npx tsx apps/api/src/cli.ts project remove --id X
 *   npx tsx apps/api/src/cli.ts seed <file.json>
 *   npx tsx apps/api/src/cli.ts sponsorship set --project X --enabled true|false --daily-gas N [--targets any|0x…,0x…]
 *   npx tsx apps/api/src/cli.ts sponsorship show --project X
 *   npx tsx apps/api/src/cli.ts sponsorship remove --project X
 * Storage as for the server: DATABASE_URL, else PGlite in AIRLOCK_API_DATA
 * (default .airlock/api-data; the server must be stopped, PGlite is single-process).
 * Exit code 1 with a message on bad input.
 */

const USAGE = `usage:
  project add --id <id> --name <name> --origins <pattern,pattern> [--features '<json>'] [--rate-limit '<json>']
  project list
  project remove --id <id>
  seed <file.json>
${SPONSORSHIP_USAGE}`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      origins: { type: 'string' },
      features: { type: 'string' },
      'rate-limit': { type: 'string' },
      project: { type: 'string' },
      enabled: { type: 'string' },
      'daily-gas': { type: 'string' },
      targets: { type: 'string' },
    },
  });
  const [group, command] = positionals;
  const known =
    (group === 'project' && ['add', 'list', 'remove'].includes(command ?? '')) ||
    (group === 'seed' && command) ||
    (group === 'sponsorship' && ['set', 'show', 'remove'].includes(command ?? ''));
  if (!known) throw new Error(USAGE);
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL }
      : { dataDir: process.env.AIRLOCK_API_DATA || '.airlock/api-data' },
  );
  try {
    if (group === 'sponsorship') {
      const { lines, ok } = await sponsorshipCommand(database.db, command as 'set' | 'show' | 'remove', values);
      for (const line of lines) console.log(line);
      if (!ok) process.exitCode = 1;
    } else if (group === 'seed') {
      await applySeed(database.db, readSeedFile(command!));
      console.log(`seeded from ${command}`);
    } else if (command === 'add') {
      const project = await upsertProject(database.db, {
        id: values.id ?? '',
        name: values.name ?? values.id ?? '',
        allowedOrigins: (values.origins ?? '')
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
        features: values.features ? (JSON.parse(values.features) as Record<string, boolean>) : {},
        rateLimit: values['rate-limit']
          ? (JSON.parse(values['rate-limit']) as { capacity: number; refillPerSecond: number })
          : null,
      });
      console.log(`project ${project.id} saved: origins ${project.allowedOrigins.join(', ') || '(none)'}`);
    } else if (command === 'list') {
      const rows = await listProjects(database.db);
      if (!rows.length) console.log('no projects');
      for (const p of rows) {
        console.log(
          `${p.id}\t${p.name}\torigins=${p.allowedOrigins.join(',')}\tfeatures=${JSON.stringify(p.features)}${p.rateLimit ? `\trateLimit=${JSON.stringify(p.rateLimit)}` : ''}`,
        );
      }
    } else if (command === 'remove') {
      const removed = await removeProject(database.db, values.id ?? '');
      console.log(removed ? `project ${values.id} removed` : `no project ${values.id}`);
      if (!removed) process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const e = error as Error & { issues?: { path: PropertyKey[]; message: string }[] };
  console.error(e.issues ? e.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n') : e.message);
  process.exit(1);
});
