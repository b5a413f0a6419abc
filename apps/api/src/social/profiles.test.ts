import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialProviderConfig } from './config.ts';
import { readProfile } from './oauth.ts';

/**
 * The profile mapping of each OAuth-2-only provider, over real HTTP: a small server on
 * loopback answers each provider's documented JSON (GitHub REST `GET /user` and
 * `/user/emails`, Discord `GET /users/@me`, X `GET /2/users/me`, Facebook Graph
 * `GET /me?fields=id,name,email`) to the bearer token it was given.
 */

type Answer = { status?: number; json: unknown };
/** Path (with query) → answer, per access token. */
const answers: Record<string, Record<string, Answer>> = {
  'gh-full': {
    '/user': { json: { login: 'octocat', id: 583231, name: 'The Octocat', email: null } },
    '/user/emails': {
      json: [
        { email: 'old@example.com', primary: false, verified: true, visibility: null },
        { email: 'octocat@github.com', primary: true, verified: true, visibility: 'private' },
      ],
    },
  },
  'gh-unverified': {
    '/user': { json: { login: 'newbie', id: 7, name: null, email: 'public@example.com' } },
    '/user/emails': { json: [{ email: 'newbie@example.com', primary: true, verified: false, visibility: 'public' }] },
  },
  'gh-no-email-scope': {
    '/user': { json: { login: 'scoped', id: 8, name: 'Scoped' } },
    '/user/emails': { status: 403, json: { message: 'Resource not accessible by integration' } },
  },
  'discord-verified': {
    '/users/@me': {
      json: {
        id: '80351110224678912',
        username: 'nelly',
        discriminator: '0',
        global_name: 'Nelly',
        avatar: null,
        verified: true,
        email: 'nelly@discord.com',
      },
    },
  },
  'discord-unverified': {
    '/users/@me': { json: { id: '42', username: 'shy', global_name: null, verified: false, email: 'shy@example.com' } },
  },
  x: { '/2/users/me': { json: { data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } } } },
  'x-flat': { '/2/users/me': { json: { id: '1', name: 'Flat' } } },
  facebook: { '/me?fields=id,name,email': { json: { id: '10224', name: 'Mark Example', email: 'mark@example.com' } } },
  'facebook-no-email': { '/me?fields=id,name,email': { json: { id: '10225', name: 'No Mail' } } },
};

let server: Server;
let base: string;
const seen: { path: string; userAgent?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    seen.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    const answer = answers[token]?.[req.url ?? ''];
    if (!answer)
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Bad credentials"}');
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An `oauth2` configuration reading `path` on the local server in `shape`. */
const config = (
  path: string,
  profile?: 'github' | 'discord' | 'x' | 'facebook',
): Extract<SocialProviderConfig, { kind: 'oauth2' }> => ({
  kind: 'oauth2',
  authorizationEndpoint: `${base}/authorize`,
  tokenEndpoint: `${base}/token`,
  userinfoEndpoint: `${base}${path}`,
  subjectField: 'id',
  emailField: 'email',
  nameField: 'name',
  clientId: 'c',
  clientSecret: 's',
  ...(profile ? { profile } : {}),
});

describe('profile shapes of the OAuth-2-only providers', () => {
  it('github: numeric id as the subject, login as the name, the primary verified email of /user/emails', async () => {
    const github = config('/user', 'github');
    expect(await readProfile(github, 'gh-full')).toEqual({
      subject: '583231',
      email: 'octocat@github.com',
      name: 'octocat',
    });
    // GitHub refuses requests without a User-Agent: every call sends one.
    expect(seen.filter((s) => s.path.startsWith('/user')).every((s) => s.userAgent === 'Airlock')).toBe(true);
    // The public `email` of /user is not taken, and an unverified primary is not either.
    expect(await readProfile(github, 'gh-unverified')).toEqual({ subject: '7', email: null, name: 'newbie' });
    // Without the user:email scope the list answers 403: no email, the login still works.
    expect(await readProfile(github, 'gh-no-email-scope')).toEqual({ subject: '8', email: null, name: 'scoped' });
  });

  it('discord: id, username, and the email only when verified', async () => {
    const discord = config('/users/@me', 'discord');
    expect(await readProfile(discord, 'discord-verified')).toEqual({
      subject: '80351110224678912',
      email: 'nelly@discord.com',
      name: 'nelly',
    });
    expect(await readProfile(discord, 'discord-unverified')).toEqual({ subject: '42', email: null, name: 'shy' });
  });

  it('x: the profile nested in `data`, username as the name, no email', async () => {
    expect(await readProfile(config('/2/users/me', 'x'), 'x')).toEqual({
      subject: '2244994945',
      email: null,
      name: 'XDevelopers',
    });
    // Top-level fields are not X's answer: refused rather than read as another shape.
    await expect(readProfile(config('/2/users/me', 'x'), 'x-flat')).rejects.toThrow(/no stable id/);
    // The generic top-level reading (no `profile`) cannot see X's id: the reason X needs `profile: 'x'`.
    await expect(readProfile(config('/2/users/me'), 'x')).rejects.toThrow(/no stable id/);
  });

  it('facebook: id, name, and the email when there is one', async () => {
    const facebook = config('/me?fields=id,name,email', 'facebook');
    expect(await readProfile(facebook, 'facebook')).toEqual({
      subject: '10224',
      email: 'mark@example.com',
      name: 'Mark Example',
    });
    expect(await readProfile(facebook, 'facebook-no-email')).toEqual({
      subject: '10225',
      email: null,
      name: 'No Mail',
    });
  });

  it('a refused token fails the login', async () => {
    await expect(readProfile(config('/user', 'github'), 'wrong-token')).rejects.toThrow(/answered 401/);
  });
});
