import { readDemoConfig, showConfigError } from './config.ts';
import { byId, byTestId } from './dom.ts';
import { formatError } from './formatError.ts';
import { createDemoWidget } from './widget.ts';

/**
 * foreign.html: the demo's `createWidget` call on an origin the widget does not
 * allow (127.0.0.2). Shows in `foreign-result` what `eth_chainId` gave: the
 * `<code>: <message>` of the error (expected 4900 with the frame's reason, at once:
 * the frame refuses to connect and tells the page) or the value.
 */
async function start(): Promise<void> {
  let config: ReturnType<typeof readDemoConfig>;
  try {
    config = readDemoConfig();
  } catch (error) {
    showConfigError(byId('app'), error);
    return;
  }
  const result = byTestId('foreign-result');
  const provider = createDemoWidget(config).getProvider('eip155');
  try {
    result.textContent = String(await provider.request({ method: 'eth_chainId' }));
    result.dataset.outcome = 'value';
  } catch (error) {
    result.textContent = formatError(error);
    result.dataset.outcome = 'error';
  }
}

void start();
