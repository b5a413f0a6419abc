import { parseBip122Address } from '@airlock/protocol/bip122';
import type { TokenBalance } from '@airlock/protocol';
import { base64, hex } from '@scure/base';
import { z } from 'zod/mini';
import { refreshBalance } from '../../actions/balance.ts';
import { resetRoute } from '../../actions/modal.ts';
import { refreshPortfolio } from '../../actions/portfolio.ts';
import { resetSend, setSend } from '../../actions/send.ts';
import { SendMessage, amountInUnits, balanceInUnits } from '../../actions/sendTokens.ts';
import { caughtError, type ErrorText, type ShownError } from '../../i18n/errorKeys.ts';
import { showToast } from '../../actions/toast.ts';
import type { Frame } from '../../store/frame.ts';
import { Bip122SendMessage, MIN_SEND_SATS, finalizeChecked, planBip122Send, type Bip122SendPlan } from './psbt.ts';
import { connectionOf } from '../../store/connection.ts';

/**
 * Send BTC (spec §1 wallet features, issue: Bitcoin Account view): the fee rates and the payment
 * address's coins come from the provider API (which reads the operator's Esplora backend), the
 * PSBT is built here (psbt.ts), and the connected wallet signs it through the dapp-level
 * `signPsbt` of its connector. Loaded with the Send view (its own chunk, with btc-signer).
 */

/** A fee speed of the form: about six blocks, three, or the next one. */
export type Bip122FeeSpeed = 'standard' | 'fast' | 'instant';

/** The fee rates to choose from, sat/vB (`GET /v1/convert/gas-price?chainId=bip122:…`). */
export type Bip122FeeRates = Record<Bip122FeeSpeed, bigint>;

/** The API's fee-rate answer: whole sat/vB as decimal strings. */
const FeeRatesSchema = z.object({
  standard: z.string().check(z.regex(/^[1-9]\d{0,6}$/)),
  fast: z.string().check(z.regex(/^[1-9]\d{0,6}$/)),
  instant: z.string().check(z.regex(/^[1-9]\d{0,6}$/)),
});

/** The API's coin list of an address. */
const UtxosSchema = z.object({
  utxos: z
    .array(
      z.object({
        txid: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
        vout: z.int().check(z.gte(0)),
        value: z.int().check(z.gte(1)),
        confirmed: z.boolean(),
      }),
    )
    .check(z.maxLength(500)),
});

/** The API's broadcast answer. */
const TxidSchema = z.object({ txid: z.string().check(z.regex(/^[0-9a-f]{64}$/)) });

/**
 * The fee rates of the active bip122 network from the provider API.
 * @throws Error when there is no API; ApiError when it fails or answers badly.
 */
export async function fetchBip122FeeRates(frame: Frame, caipNetworkId: string): Promise<Bip122FeeRates> {
  if (!frame.api) throw new Error('No provider API');
  const rates = await frame.api.call({
    path: '/v1/convert/gas-price',
    query: { chainId: caipNetworkId },
    schema: FeeRatesSchema,
  });
  return { standard: BigInt(rates.standard), fast: BigInt(rates.fast), instant: BigInt(rates.instant) };
}

/** Satoshis as BTC decimal text without trailing zeros (`1234567n` → `0.01234567`). Pure. */
export function satsToBtc(sats: bigint): string {
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sats / 100_000_000n}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The problems of the Send BTC form, first one first: amount and receiver required, the BTC
 * balance known, the receiver not an address of the active network (bech32 / bech32m / base58
 * with the network's prefixes), the amount not a number / zero / over 8 decimals / under 546
 * sats / above the balance (with `max`, Max: no amount to check, the plan computes it). Empty
 * when the form can go to review. Pure.
 */
export function checkBip122Send(
  input: { token: TokenBalance | null; sendTokenAmount: string; receiverAddress: string; max?: boolean },
  caipNetworkId: string,
): ErrorText[] {
  const problems: ErrorText[] = [];
  const amount = input.sendTokenAmount.trim();
  const receiver = input.receiverAddress.trim();
  if ((!amount && !input.max) || !receiver) problems.push(SendMessage.AmountAndReceiverRequired);
  if (!input.token) problems.push(SendMessage.TokenRequired);
  if (receiver && !parseBip122Address(receiver, caipNetworkId).ok) problems.push(Bip122SendMessage.InvalidAddress);
  if (input.max || !amount || !input.token) return problems;
  const sats = amountInUnits(amount, input.token);
  if (!/^\d*\.?\d*$/.test(amount) || amount === '.') problems.push(SendMessage.InvalidAmount);
  else if (sats === 0n) problems.push(SendMessage.ZeroAmount);
  else if (sats === null) problems.push(SendMessage.TooManyDecimals);
  else if (sats < MIN_SEND_SATS) problems.push(Bip122SendMessage.BelowDust);
  else if (sats > balanceInUnits(input.token)) problems.push(SendMessage.InsufficientBalance);
  return problems;
}

/**
 * Builds the send the form describes at `feeRateTenths` tenths of a sat/vB (with `max`: every
 * confirmed coin, the amount their sum less the fee): the payment account and its public key
 * from the connector (`getAccounts`), its coins from the API, then {@link planBip122Send}.
 * @returns the plan, or why it cannot be built (a form problem, 'Insufficient balance' with the
 *   fee, an address type it cannot spend, the API failing)
 */
export async function quoteBip122Send(
  frame: Frame,
  feeRateTenths: bigint,
  max = false,
): Promise<{ ok: true; plan: Bip122SendPlan } | { ok: false; message: ShownError }> {
  const { send } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  const { caipNetworkId } = connection;
  const problems = checkBip122Send({ ...send, max }, caipNetworkId);
  if (problems.length) return { ok: false, message: problems[0]! };
  const connector = frame.connectors.active();
  if (!connector || !connection.address || !frame.api) return { ok: false, message: 'Not connected' };
  const accounts = await connector.request({ method: 'getAccounts', params: [] }, caipNetworkId);
  const payment = accounts.ok
    ? (accounts.value as { address: string; purpose: string; publicKey?: string }[]).find(
        (a) => a.address === connection.address,
      )
    : undefined;
  if (!payment) return { ok: false, message: 'Not connected' };
  try {
    const { utxos } = await frame.api.call({
      path: `/v1/account/${encodeURIComponent(payment.address)}/utxo`,
      query: { chainId: caipNetworkId },
      schema: UtxosSchema,
    });
    return planBip122Send({
      from: { address: payment.address, publicKey: payment.publicKey ? hex.decode(payment.publicKey) : undefined },
      to: send.receiverAddress.trim(),
      amount: max ? 'max' : amountInUnits(send.sendTokenAmount, send.token)!,
      feeRateTenths,
      coins: utxos,
      caipNetworkId,
    });
  } catch (error) {
    return { ok: false, message: caughtError(error, String(error)) };
  }
}

/**
 * Sends the reviewed `plan`: the wallet signs and broadcasts the PSBT (`signPsbt` with
 * `broadcast`: Wallet Standard `bitcoin:signAndSendTransaction`, a sats-connect or WalletConnect
 * wallet's own broadcast); a wallet that only signs (4200 for the broadcast) signs it, the frame
 * checks that the signed transaction is the reviewed one (`finalizeChecked`) and broadcasts it
 * through the provider API (`POST /v1/bip122/transaction`). Then resets the form, returns to
 * Account, shows 'Transaction sent' and refreshes the balance and activity. A wallet or network
 * failure goes to `send.error` and the review stays. Never throws.
 */
export async function submitBip122Send(frame: Frame, plan: Bip122SendPlan): Promise<void> {
  const { send } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  if (send.loading) return;
  const connector = frame.connectors.active();
  const { address, caipNetworkId } = connection;
  if (!connector || !address || !frame.api) return setSend(frame, { error: 'Not connected' });
  setSend(frame, { loading: true, error: null });
  const psbt = base64.encode(plan.psbt);
  const signPsbt = (broadcast: boolean) =>
    connector.request(
      {
        method: 'signPsbt',
        params: [{ psbt, signInputs: { [address]: plan.signIndexes }, ...(broadcast ? { broadcast } : {}) }],
      },
      caipNetworkId,
    );
  try {
    const sent = await signPsbt(true);
    if (!sent.ok && sent.error.code !== 4200) return setSend(frame, { loading: false, error: sent.error.message });
    if (!sent.ok) {
      const signed = await signPsbt(false);
      if (!signed.ok) return setSend(frame, { loading: false, error: signed.error.message });
      const raw = finalizeChecked(plan.psbt, base64.decode((signed.value as { psbt: string }).psbt));
      await frame.api.call({
        path: '/v1/bip122/transaction',
        method: 'POST',
        query: { chainId: caipNetworkId },
        body: { hex: raw },
        schema: TxidSchema,
      });
    }
  } catch (error) {
    return setSend(frame, { loading: false, error: caughtError(error, String(error)) });
  }
  resetSend(frame);
  resetRoute(frame, { view: 'Account' });
  showToast(frame, 'Transaction sent', 'success');
  await Promise.all([refreshBalance(frame, { force: true }), refreshPortfolio(frame)]);
}
