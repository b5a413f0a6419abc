import { Connection, Keypair, Message, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { encodeFunctionData, parseAbi } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { expect, test, urls } from './support/test';
import {
  approvalDialog,
  approveInSecureFrame,
  emailLogin,
  freshEmail,
  fund,
  rejectInSecureFrame,
  secureFrame,
} from './support/emailLogin';
import { expectLamports, loginOnSolana } from './support/embeddedSolana';
import { encodeBase58, lamportsOf, solanaRpc } from './support/solana';
import { DAPP_PROMPT, closeModal } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import type { Page } from '@playwright/test';

/**
 * Issue 29 "What the visitor sees is what they sign": each attack is a script of a hostile but
 * allowed dapp page, sent through the real path (page → widget frame → secure frame). When the
 * secure frame shows an approval for an attack, the visitor (who sees nothing alarming) approves
 * it, as in the reports; the secure frame must refuse these requests before any approval, or show
 * the warning that lets the visitor say no. Attack assertions are soft: on code without the
 * checks every attack of a test reports its own failure.
 */

// The secure frame keeps its device keys in IndexedDB as a third-party frame: storage partitioning on.
// A tall window: a decoded permit with its typed data tree is longer than the default 720 px
// viewport, and the widget does not scroll the secure frame's buttons into reach there.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH, viewport: { width: 1280, height: 1600 } });

/** What a request of the page's script came back with: a result, or an error's code and message. */
type Outcome = { result?: unknown; code?: number; message?: string };

/**
 * The page's own script sends `method` with `params` through the widget's provider of
 * `chainNamespace` (as any script on the dapp can); the outcome lands in `window.__attack`.
 * With `bytes` (a number array) it calls the solana provider's `signMessage` with them instead.
 */
async function attack(
  page: Page,
  chainNamespace: 'eip155' | 'solana',
  method: string,
  params: unknown[],
  bytes?: number[],
) {
  await page.evaluate(
    ([ns, m, p, b]) => {
      const w = window as unknown as {
        __attack?: Outcome;
        __airlockDemoWidget: {
          getProvider(ns: string): {
            request(a: unknown): Promise<unknown>;
            signMessage(message: Uint8Array): Promise<unknown>;
          };
        };
      };
      w.__attack = undefined;
      const plain = (value: unknown) =>
        JSON.parse(JSON.stringify(value ?? null, (_k, v) => (v instanceof Uint8Array ? Array.from(v) : v)));
      const provider = w.__airlockDemoWidget.getProvider(ns);
      // The solana provider (Wallet Standard shapes) signs with signMessage(bytes).
      (b ? provider.signMessage(new Uint8Array(b)) : provider.request({ method: m, params: p })).then(
        (result) => (w.__attack = { result: plain(result) }),
        (error: { code?: number; message?: string }) => (w.__attack = { code: error.code, message: error.message }),
      );
    },
    [chainNamespace, method, params, bytes] as const,
  );
}

/**
 * Waits for the attack's outcome; an approval that the secure frame shows meanwhile is approved by
 * the unsuspecting visitor. The cue is the secure frame's own Review button, not the widget's
 * approval view: the widget files that view as soon as an unsafe request arrives, and takes it
 * down again when the secure frame refuses the request before any approval.
 */
async function outcome(page: Page): Promise<Outcome> {
  let found: Outcome | undefined;
  await expect
    .poll(
      async () => {
        found = await page.evaluate(() => (window as unknown as { __attack?: Outcome }).__attack);
        if (found) return true;
        if (await secureFrame(page).getByTestId('review').isVisible()) await approveInSecureFrame(page);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

test('EVM: a sign-in message for another site and typed data for another chain are refused; blanket approvals are decoded and warned about', async ({
  page,
}) => {
  test.slow();
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, freshEmail('attack'));
  await fund(address);

  // Item 6: an EIP-4361 message naming another site (the API would issue bank.example a session).
  const siwe = createSiweMessage({
    address,
    chainId: 31337,
    domain: 'bank.example',
    uri: 'https://bank.example/login',
    version: '1',
    nonce: 'abcdefgh1234',
    issuedAt: new Date(),
  });
  await attack(page, 'eip155', 'personal_sign', [siwe, address]);
  expect.soft(await outcome(page)).toEqual({
    code: -32602,
    message: `This sign-in message is for bank.example, not for ${urls.dapp}. It was not signed.`,
  });
  await expect(approvalDialog(page)).toBeHidden();

  // Item 7: a USDC Permit for chain 1 while the wallet is on Anvil A (31337).
  const permit = (chainId: number, primaryType: string, domain: object, types: object, message: object) =>
    JSON.stringify({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType,
      domain: { ...domain, chainId },
      message,
    });
  const deadline = Math.floor(Date.now() / 1000) + 3600;
  const usdcPermit = permit(
    1,
    'Permit',
    { name: 'USD Coin', verifyingContract: USDC },
    {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    { owner: address, spender: SPENDER, value: '1000000000', nonce: 0, deadline },
  );
  await attack(page, 'eip155', 'eth_signTypedData_v4', [address, usdcPermit]);
  expect.soft(await outcome(page)).toEqual({
    code: -32602,
    message: 'Typed data for chain 1 cannot be signed on chain 31337',
  });
  await expect(approvalDialog(page)).toBeHidden();

  // Item 9: a Permit2 PermitSingle of 2^160−1 on this chain: the approval shows the chain and warns.
  const permit2 = permit(
    31337,
    'PermitSingle',
    { name: 'Permit2', verifyingContract: PERMIT2 },
    {
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint160' },
        { name: 'expiration', type: 'uint48' },
        { name: 'nonce', type: 'uint48' },
      ],
    },
    {
      details: { token: USDC, amount: (2n ** 160n - 1n).toString(), expiration: deadline, nonce: 0 },
      spender: SPENDER,
      sigDeadline: deadline,
    },
  );
  await attack(page, 'eip155', 'eth_signTypedData_v4', [address, permit2]);
  const screen = secureFrame(page);
  await expect.soft(screen.getByTestId('approval-title')).toHaveText('Allow spending of your tokens (Permit2)');
  await expect.soft(screen.getByText('eip155:31337', { exact: true })).toBeVisible();
  await expect.soft(screen.getByTestId('approval-warning')).toContainText('Unlimited amount');
  await rejectInSecureFrame(page);
  expect(await outcome(page)).toMatchObject({ code: 4001 });

  // Item 9: setApprovalForAll(operator, true) is not "Contract call … Data 0xa22c…".
  const data = encodeFunctionData({
    abi: parseAbi(['function setApprovalForAll(address operator, bool approved)']),
    functionName: 'setApprovalForAll',
    args: [SPENDER, true],
  });
  await attack(page, 'eip155', 'eth_sendTransaction', [{ from: address, to: USDC, data }]);
  await expect.soft(screen.getByTestId('approval-title')).toHaveText('Allow access to all your tokens of a collection');
  await expect.soft(screen.getByText(SPENDER)).toBeVisible();
  await expect.soft(screen.getByTestId('approval-warning')).toContainText('Approval for all');
  await rejectInSecureFrame(page);
  expect(await outcome(page)).toMatchObject({ code: 4001 });
});

test('Solana: signMessage refuses a transfer’s message, bytes that are not an off-chain message and a sign-in for another site', async ({
  page,
}) => {
  test.slow();
  const address = await loginOnSolana(page);
  await closeModal(page);
  await solanaRpc('requestAirdrop', [address, 2_000_000_000]);
  await expectLamports(address, 2_000_000_000);

  // Item 2: the serialized message of a 1.5 SOL transfer, passed to signMessage. Were it signed,
  // the attacker would attach the signature and send the transaction.
  const receiver = Keypair.generate().publicKey;
  const { value } = await solanaRpc<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  const owner = new PublicKey(address);
  const transfer = new Transaction({ feePayer: owner, recentBlockhash: value.blockhash })
    .add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: receiver, lamports: 1_500_000_000 }))
    .serializeMessage();
  await attack(page, 'solana', 'solana_signMessage', [], Array.from(transfer));
  const signed = await outcome(page);
  const signature = (signed.result as { signature?: number[] } | undefined)?.signature;
  if (signature) {
    const tx = Transaction.populate(Message.from(transfer), [encodeBase58(Uint8Array.from(signature))]);
    await new Connection(urls.solanaRpc, 'confirmed').sendRawTransaction(tx.serialize());
    await expectLamports(receiver.toBase58(), 1_500_000_000);
  }
  expect.soft(signed).toEqual({
    code: -32602,
    message: 'This message is a Solana transaction. Use signTransaction to sign transactions. It was not signed.',
  });
  await expect(approvalDialog(page)).toBeHidden();
  expect.soft(await lamportsOf(receiver.toBase58())).toBe(0);

  // Item 2: other bytes that are not text are signed only as an off-chain message.
  await attack(page, 'solana', 'solana_signMessage', [], [0, 1, 2, 255, 254, 7]);
  expect.soft(await outcome(page)).toMatchObject({
    code: -32602,
    message: expect.stringMatching(/^Only text or a Solana off-chain message/),
  });
  await expect(approvalDialog(page)).toBeHidden();

  // Item 6: a Sign In With Solana message for another site.
  const siws = [
    'bank.example wants you to sign in with your Solana account:',
    address,
    '',
    'URI: https://bank.example',
    'Version: 1',
    'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'Nonce: abcdefgh1234',
    `Issued At: ${new Date().toISOString()}`,
  ].join('\n');
  await attack(page, 'solana', 'solana_signMessage', [], Array.from(new TextEncoder().encode(siws)));
  expect.soft(await outcome(page)).toEqual({
    code: -32602,
    message: `This sign-in message is for bank.example, not for ${urls.dapp}. It was not signed.`,
  });
  await expect(approvalDialog(page)).toBeHidden();

  // An off-chain message (v0, signing domain "\xffsolana offchain") is shown as its text and signed.
  const text = new TextEncoder().encode('Link this wallet to your profile');
  const offchain = Uint8Array.from([
    0xff,
    ...new TextEncoder().encode('solana offchain'),
    0,
    ...new Uint8Array(32),
    1,
    1,
    ...owner.toBytes(),
    text.length & 0xff,
    text.length >> 8,
    ...text,
  ]);
  await attack(page, 'solana', 'solana_signMessage', [], Array.from(offchain));
  await expect(secureFrame(page).getByTestId('approval-message')).toHaveText('Link this wallet to your profile');
  const approved = await outcome(page);
  const sig = Uint8Array.from((approved.result as { signature: number[] }).signature);
  expect(ed25519.verify(sig, offchain, owner.toBytes())).toBe(true);
});
