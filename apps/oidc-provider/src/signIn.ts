/**
 * Plays a person on the stand-in's sign-in and consent pages over plain HTTP (tests,
 * bench): follows the redirects from `authorizationUrl`, keeping the provider's
 * cookies, submits the login form with `login` and the consent form, and stops at the
 * first redirect to `redirectPrefix` without following it.
 * @returns the full callback URL the provider redirected to (with `code`, `state`, `iss`)
 * @throws when a page is unexpected, the provider answers with form_post ({@link signInAnswer}), or it takes more than 20 steps
 */
export async function signInAt(authorizationUrl: string, login: string, redirectPrefix: string): Promise<string> {
  const answer = await signInAnswer(authorizationUrl, login, redirectPrefix);
  if (answer.form) throw new Error('The provider answered with form_post: use signInAnswer');
  return answer.url;
}

/** The provider's answer to the redirect URI: a redirect (`url` with the parameters) or a form post (`url` + `form`). */
export type SignInAnswer = { url: string; form?: URLSearchParams };

/**
 * Like {@link signInAt}, and also for `response_mode=form_post`: when the provider answers
 * with its auto-submitting form to `redirectPrefix`, returns the form's action and fields
 * (not posted).
 * @throws when a page is unexpected or it takes more than 20 steps
 */
export async function signInAnswer(
  authorizationUrl: string,
  login: string,
  redirectPrefix: string,
): Promise<SignInAnswer> {
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
    if (url.startsWith(redirectPrefix)) return { url };
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
    url = new URL(unescapeHtml(action), url).href;
    if (url.startsWith(redirectPrefix)) {
      const fields = new URLSearchParams();
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
        fields.append(name!, unescapeHtml(value!));
      return { url, form: fields };
    }
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'local' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('The sign-in did not reach the redirect URI');
}

/** The text of an HTML attribute value (the entities oidc-provider's pages use). */
const unescapeHtml = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
