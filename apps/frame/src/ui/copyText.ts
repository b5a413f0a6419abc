/**
 * Copies `text` to the clipboard: the async Clipboard API, falling back to a
 * hidden textarea and `execCommand('copy')` (an iframe without the
 * clipboard-write permission). Resolves true on success. Never throws.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    try {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'airlock-offscreen';
      document.body.append(area);
      area.select();
      const done = document.execCommand('copy');
      area.remove();
      return done;
    } catch {
      return false;
    }
  }
}
