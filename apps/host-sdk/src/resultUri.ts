/**
 * The Telegram mini-app return (spec §2 'result_uri'): when the page's address has a
 * `result_uri` query parameter, removes it from the address without a reload
 * (`history.replaceState`, the history entry's state kept) and returns its value, for
 * `FrameConfig.resultUri`. The value is untrusted input from whoever built the link: the
 * frame checks it. Returns `undefined` when the parameter is absent.
 */
export const takeResultUri = (): string | undefined => {
  const url = new URL(location.href);
  const value = url.searchParams.get('result_uri');
  if (value == null) return;
  url.searchParams.delete('result_uri');
  history.replaceState(history.state, '', url);
  return value;
};
