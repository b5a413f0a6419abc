// @ts-check
// The frame's boot requests, started while its main script downloads and evaluates (a plain script,
// not bundled, so it runs as soon as it arrives): deployment.json, and the project's allowed
// origins from the deployment's provider API. It decides NOTHING: it only starts the two GETs the
// boot makes anyway and leaves their responses on `window.__airlockBootPrefetch`. The boot
// (src/config/prefetched.ts) takes a response only for the exact URL it would request itself,
// built from the deployment and the FrameConfig it has validated, and validates the answer as
// always; anything else is ignored. See docs/architecture.md "Start-up and what loads when".
(() => {
  /** @type {Array<{ url: string, response: Promise<Response> }>} */
  const prefetched = [];
  Object.defineProperty(window, '__airlockBootPrefetch', { value: prefetched });
  const deploymentUrl = new URL('deployment.json', location.href).toString();
  const deployment = fetch(deploymentUrl, { cache: 'no-store', credentials: 'same-origin' });
  prefetched.push({ url: deploymentUrl, response: deployment });
  deployment.catch(() => {});
  let config;
  try {
    config = JSON.parse(new URLSearchParams(location.search).get('config') || 'null');
  } catch {
    return;
  }
  if (!config || typeof config.projectId !== 'string') return;
  deployment
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((file) => {
      const apiUrl = file?.apiUrl;
      if (typeof apiUrl !== 'string' || !/^https?:\/\//.test(apiUrl)) return;
      // The same URL as the boot's API client (src/api/client.ts): path, projectId, st, sv.
      const target = new URL(`${apiUrl.replace(/\/+$/, '')}/projects/v1/origins`);
      target.searchParams.set('projectId', config.projectId);
      target.searchParams.set('st', 'airlock');
      if (typeof config.sdkVersion === 'string' && config.sdkVersion) target.searchParams.set('sv', config.sdkVersion);
      const response = fetch(target.toString(), { method: 'GET' });
      response.catch(() => {});
      prefetched.push({ url: target.toString(), response });
    })
    .catch(() => {});
})();
