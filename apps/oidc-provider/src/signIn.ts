/**
 * Plays a person on the stand-in's sign-in and consent pages over plain HTTP (tests,
 * bench): follows the redirects from `authorizationUrl`, keeping the provider's
 * cookies, submits the login form with `login` and the consent form, and stops at the
 * first redirect to `redirectPrefix` without following it.
 * @returns the full callback URL the provider redirected to (with `code`, `state`, `iss`)
 * @throws when a page is unexpected or it takes more than 20 steps
 */
export async function signInAt(authorizationUrl: string, login: string, redirectPrefix: string): Promise<string> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(redirectPrefix)) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    keep(res);
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    if (!res.ok) throw new Error(`The provider answered ${res.status}: ${html.slice(0, 200)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('No form on the provider page');
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'local' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('The sign-in did not reach the redirect URI');
}
