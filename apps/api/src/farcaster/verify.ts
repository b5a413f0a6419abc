import { getAddress, recoverMessageAddress, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { FARCASTER_CHAIN_ID } from './config.ts';

/** What the signed message must match: the channel's nonce, domain and URI. */
export type ExpectedSignIn = {
  /** The nonce the API put in the channel. */
  nonce: string;
  /** EIP-4361 `domain`. */
  domain: string;
  /** EIP-4361 `uri`. */
  siweUri: string;
  /** The fid the relay says signed (checked against the message's `farcaster://fid/<fid>` resource). */
  fid: number;
};

/** What the check needs: the custody address of a fid (IdRegistry `custodyOf`), and the clock (ms). */
export type VerifyDeps = {
  /** The fid's custody address on the IdRegistry; the zero address when the fid is not registered. */
  custodyOf: (fid: bigint) => Promise<`0x${string}`>;
  now: () => number;
};

/** The verified sign-in: the fid and its custody address (EIP-55). */
export type VerifiedSignIn = { fid: number; custody: `0x${string}` };

/** Why a sign-in was refused (shown to nobody but logs and tests; the person sees 'Failed to connect to farcaster'). */
export type VerifyResult = { ok: true; value: VerifiedSignIn } | { ok: false; reason: string };

const fail = (reason: string): VerifyResult => ({ ok: false, reason });

/**
 * Verifies a Sign In With Farcaster message (EIP-4361 with chain id 10 and the resource
 * `farcaster://fid/<fid>`): parsed with `viem/siwe`, the nonce, domain and URI of the
 * channel, `notBefore` / `expirationTime` against the clock, the signature recovered with
 * viem (EIP-191) and equal to the message's address, and that address equal to the fid's
 * custody address on the IdRegistry. Smart-contract custody (ERC-1271) is not accepted.
 * Never throws: a refusal names its reason.
 */
export async function verifySignIn(
  message: string,
  signature: string,
  expected: ExpectedSignIn,
  deps: VerifyDeps,
): Promise<VerifyResult> {
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(message);
  } catch {
    return fail('The message is not an EIP-4361 message');
  }
  if (!parsed.address || !parsed.domain || !parsed.nonce || !parsed.uri || parsed.version !== '1')
    return fail('The message is not an EIP-4361 message');
  if (parsed.nonce !== expected.nonce) return fail('Wrong nonce');
  if (parsed.domain !== expected.domain) return fail('Wrong domain');
  if (parsed.uri !== expected.siweUri) return fail('Wrong URI');
  if (parsed.chainId !== FARCASTER_CHAIN_ID) return fail('Wrong chain id');
  const now = deps.now();
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= now) return fail('The message expired');
  if (parsed.notBefore && parsed.notBefore.getTime() > now) return fail('The message is not valid yet');
  const fids = (parsed.resources ?? []).flatMap((r) => /^farcaster:\/\/fid\/(\d{1,20})$/.exec(r)?.[1] ?? []);
  if (fids.length !== 1 || Number(fids[0]) !== expected.fid) return fail('The message names another fid');
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return fail('Malformed signature');
  let signer: `0x${string}`;
  try {
    signer = await recoverMessageAddress({ message, signature: signature as Hex });
  } catch {
    return fail('Malformed signature');
  }
  if (signer !== getAddress(parsed.address)) return fail('The signature is not by the message address');
  let custody: `0x${string}`;
  try {
    custody = getAddress(await deps.custodyOf(BigInt(expected.fid)));
  } catch {
    return fail('Could not read the fid custody address');
  }
  if (custody !== signer) return fail('The signer is not the custody address of the fid');
  return { ok: true, value: { fid: expected.fid, custody } };
}
