import { isOriginAllowed } from '@airlock/protocol';
import type { Project } from '../projects.ts';

/**
 * The shared hosts spec §6 lists for every project (localhost, Cloudflare Pages,
 * Vercel, ngrok). Anyone can publish a page on them, so the embedded wallet
 * accepts them only for a project that opts in (`embeddedDevHosts`); see
 * docs/threat-model.md "Embedded wallet".
 */
export const DEV_HOST_PATTERNS = [
  'http://localhost:*',
  'https://localhost:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok.io',
  'https://*.ngrok-free.app',
  'https://*.ngrok.app',
] as const;

/** The origin patterns the embedded wallet accepts for a project: its allowed origins, plus the dev hosts when it opted in. */
export function embeddedOrigins(project: Pick<Project, 'allowedOrigins' | 'embeddedDevHosts'>): string[] {
  return [...project.allowedOrigins, ...(project.embeddedDevHosts ? DEV_HOST_PATTERNS : [])];
}

/** Whether `origin` may use the embedded wallet of `project`. */
export function embeddedOriginAllowed(
  origin: string,
  project: Pick<Project, 'allowedOrigins' | 'embeddedDevHosts'>,
): boolean {
  return isOriginAllowed(origin, embeddedOrigins(project));
}
