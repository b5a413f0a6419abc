import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, closeModal, connectDevWallet, dapp, dappEvent, widget } from './support/widget';

/**
 * 200 malformed messages, built in the page (structured clone cannot carry
 * functions, so everything here is data): primitives, random objects, penpal
 * look-alikes with wrong namespaces or shapes, huge payloads, and penpal CALLs
 * to the frame's methods with malformed parameters.
 */
function garbageMessages(): unknown[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deep(depth - 1) });

  const primitives: unknown[] = [
    '',
    'hello',
    '{"namespace":"penpal","type":"CALL"}',
    'penpal',
    0,
    -1,
    1e308,
    NaN,
    Infinity,
    null,
    undefined,
    true,
    false,
    123n,
    new Date(0),
    /penpal/g,
    [],
    [null],
    new Uint8Array(16),
    new ArrayBuffer(8),
  ];
  const penpalTypes = ['SYN', 'ACK1', 'ACK2', 'CALL', 'REPLY', 'DESTROY'] as const;
  const wrongNamespace: unknown[] = penpalTypes.flatMap((type) => [
    { namespace: 'penpaI', type, channel: undefined, participantId: 'x' },
    { namespace: 'PENPAL', type, methodPath: ['request'], args: [] },
    { namespace: 123, type },
    { namespace: null, type, id: 'a' },
    { namespace: ['penpal'], type },
    { penpal: true, type },
  ]);
  const wrongShape: unknown[] = [
    { namespace: 'penpal' },
    { namespace: 'penpal', type: 'NOPE' },
    { namespace: 'penpal', type: 'SYN', channel: 'not-our-channel', participantId: 'z' },
    { namespace: 'penpal', type: 'ACK1', channel: 'not-our-channel', methodPaths: 'all' },
    { namespace: 'penpal', type: 'ACK2', channel: 'not-our-channel' },
    // Handshake look-alikes without a channel and with wrong shapes: penpal itself would act on
    // these (a SYN drops the message port), so the frame must filter them before penpal does.
    { namespace: 'penpal', type: 'SYN' },
    { namespace: 'penpal', type: 'SYN', participantId: 12 },
    { namespace: 'penpal', type: 'ACK1', methodPaths: 'all' },
    { namespace: 'penpal', type: 'ACK2' },
    { namespace: 'penpal', type: 'REPLY', callId: 'nobody-asked', value: { ok: true, value: 1 } },
    { namespace: 'penpal', type: 'REPLY', callId: 1, isError: true, value: 'boom' },
    { namespace: 'penpal', type: 'CALL', id: 'c0', methodPath: 'request', args: [] },
    { namespace: 'penpal', type: 'CALL', id: 'c1', methodPath: ['request'], args: null },
    { namespace: 'penpal', type: 'CALL', id: 'c2', methodPath: ['request'], args: 'x' },
    { namespace: 'penpal', type: 'CALL', id: 'c3', methodPath: [], args: [] },
    { namespace: 'penpal', type: 'CALL', id: 'c4', methodPath: ['nope'], args: [] },
    { namespace: 'penpal', type: 'CALL', id: 'c5', methodPath: ['__proto__', 'constructor'], args: [] },
    {
      namespace: 'penpal',
      type: 'CALL',
      id: 'c6',
      methodPath: ['constructor', 'assign'],
      args: [{}, { polluted: true }],
    },
    { namespace: 'penpal', type: 'CALL', id: 'c7', methodPath: ['toString'], args: [] },
  ];
  // Calls to the frame's own methods (packages/protocol frameMethods) with malformed parameters.
  const malformedCalls: Array<[string[], unknown[]]> = [
    [['request'], []],
    [['request'], [null]],
    [['request'], ['eth_requestAccounts']],
    [['request'], [{ method: 123 }]],
    [['request'], [{ method: '', chainNamespace: 'eip155' }]],
    [['request'], [{ method: 'eth_chainId', chainNamespace: 'dogecoin' }]],
    [['request'], [{ method: 'eth_sendTransaction', chainNamespace: 'eip155', params: 'all-your-eth' }]],
    [['request'], [{ method: 'x'.repeat(100_000), chainNamespace: 'eip155' }]],
    [['request'], [{ method: 'eth_requestAccounts', chainNamespace: 'eip155', params: [], extra: 'field' }]],
    [['request'], [{ method: 'personal_sign', chainNamespace: 'eip155', params: { __proto__: { admin: true } } }]],
    [['switchNetwork'], ['not-caip']],
    [['switchNetwork'], [{ caipNetworkId: 'eip155:31338' }]],
    [['switchNetwork'], ['eip155:']],
    [['switchNetwork'], [':31337']],
    [['switchNetwork'], [42]],
    [['open'], [{ view: 'EvilView' }]],
    [['open'], ['Account']],
    [['open'], [{ view: 'Connect', namespace: 'cosmos-not' }]],
    [['open'], [{ view: 'Connect', extra: true }]],
    [['walletEvent'], [null]],
    [['walletEvent'], [{ type: 'accountsChanged', uuid: 5, accounts: 'all' }]],
    [['walletEvent'], [{ type: 'chainChanged', uuid: 'x', chainId: { hex: 1 } }]],
    [['walletEvent'], [{ type: 'takeover' }]],
    [['getState'], [{ unexpected: 'argument' }]],
    [['close'], [1, 2, 3]],
    [['disconnect'], ['now', { force: true }]],
  ];
  const calls: unknown[] = malformedCalls.map(([methodPath, args], i) => ({
    namespace: 'penpal',
    type: 'CALL',
    id: `garbage-${i}`,
    methodPath,
    args,
  }));
  const huge: unknown[] = [
    'x'.repeat(5_000_000),
    {
      namespace: 'penpal',
      type: 'CALL',
      id: 'huge',
      methodPath: ['request'],
      args: [{ method: 'eth_chainId', chainNamespace: 'eip155', params: new Array(200_000).fill('0xdead') }],
    },
    { data: new Uint8Array(4_000_000) },
    deep(1_000),
    new Array(100_000).fill({ namespace: 'penpal' }),
  ];

  const all = [...primitives, ...wrongNamespace, ...wrongShape, ...calls, ...huge];
  const randomObject = () => {
    const keys = ['namespace', 'type', 'id', 'method', 'params', 'channel', 'value', 'args', 'methodPath', 'jsonrpc'];
    const values: unknown[] = [
      'penpal',
      'CALL',
      'REPLY',
      'SYN',
      1,
      null,
      [],
      {},
      'eth_requestAccounts',
      ['request'],
      true,
      '2.0',
    ];
    const object: Record<string, unknown> = {};
    const size = 1 + Math.floor(random() * 5);
    for (let i = 0; i < size; i += 1) object[pick(keys)] = pick(values);
    // Never a well-formed handshake or DESTROY from the page itself.
    if (
      object.namespace === 'penpal' &&
      typeof object.type === 'string' &&
      object.type !== 'CALL' &&
      object.type !== 'REPLY'
    ) {
      object.channel = 'not-our-channel';
    }
    return object;
  };
  while (all.length < 200) all.push(randomObject());
  return all.slice(0, 200);
}

test('200 malformed messages posted to the frame leave the widget working', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await expect(page.locator('iframe[title="Airlock wallet widget"]')).toBeAttached();
  await expect(dapp(page, 'dapp-status')).toHaveText(/disconnected/i);

  const posted = await page.evaluate(`(${garbageMessages.toString()})().map((message) => {
    document.querySelector('iframe').contentWindow.postMessage(message, '*');
    return 1;
  }).length`);
  expect(posted).toBe(200);

  // Connect and sign after the storm.
  await connectDevWallet(page);
  await expect(dappEvent(page, 'connect 0x7a69')).not.toHaveCount(0);
  await closeModal(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');

  // The widget is still the widget: not a frame that crashed to a blank page.
  await page.getByRole('button', { name: 'Open widget' }).click();
  await expect(widget(page).getByRole('dialog', { name: 'Account' })).toBeVisible();
});
