import { secp256k1 } from '@noble/curves/secp256k1';
import { Address, NETWORK, p2ms, p2pkh, p2sh, p2tr, p2wpkh, p2wsh, TEST_NETWORK } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  BIP122_NETWORKS,
  BIP122_REGTEST_CAIP_NETWORK_ID,
  bip122RegtestNetwork,
  isBip122Address,
  parseBip122Address,
} from './bip122.ts';
import { NetworkSchema } from './schemas.ts';

const MAINNET = BIP122_NETWORKS.mainnet.caipNetworkId;
const TESTNET = BIP122_NETWORKS.testnet.caipNetworkId;
const TESTNET4 = BIP122_NETWORKS.testnet4.caipNetworkId;
const SIGNET = BIP122_NETWORKS.signet.caipNetworkId;
const REGTEST = BIP122_REGTEST_CAIP_NETWORK_ID;

/** btc-signer's network parameters per CAIP-2 id (its REGTEST is not exported: built the same way). */
const REGTEST_PARAMS = { ...TEST_NETWORK, bech32: 'bcrt' };
const SIGNER_NETWORK = {
  [MAINNET]: NETWORK,
  [TESTNET]: TEST_NETWORK,
  [TESTNET4]: TEST_NETWORK,
  [SIGNET]: TEST_NETWORK,
  [REGTEST]: REGTEST_PARAMS,
};

const key = secp256k1.getPublicKey(new Uint8Array(32).fill(7), true);
const xOnly = key.slice(1);

/** One address of every type for a network, made by @scure/btc-signer (an independent encoder). */
const addressesFor = (caip: string) => {
  const n = SIGNER_NETWORK[caip]!;
  return {
    p2pkh: p2pkh(key, n).address!,
    p2sh: p2sh(p2wpkh(key, n), n).address!,
    p2wpkh: p2wpkh(key, n).address!,
    p2wsh: p2wsh(p2ms(1, [key]), n).address!,
    p2tr: p2tr(xOnly, undefined, n).address!,
  };
};

/** Replaces the last character by another of the same alphabet: same format, wrong checksum. */
const breakChecksum = (address: string) => address.slice(0, -1) + (address.at(-1) === 'q' ? 'p' : 'q');

describe('bip122 networks (spec §3)', () => {
  it('names each network by bip122: and the first 32 hex characters of its genesis hash', () => {
    expect(MAINNET).toBe('bip122:000000000019d6689c085ae165831e93');
    expect(TESTNET).toBe('bip122:000000000933ea01ad0ee984209779ba');
    expect(TESTNET4).toBe('bip122:00000000da84f2bafbbc53dee25a72ae');
    expect(SIGNET).toBe('bip122:00000008819873e925422c1ff0f99f7c');
    expect(REGTEST).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328');
    expect(bip122RegtestNetwork('http://127.0.0.1:3002').caipNetworkId).toBe(REGTEST);
  });

  it('are valid spec §3 networks with BTC in satoshis (8 decimals)', () => {
    for (const network of [...Object.values(BIP122_NETWORKS), bip122RegtestNetwork('http://127.0.0.1:3002')]) {
      expect(NetworkSchema.safeParse(network).success).toBe(true);
      expect(network.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 });
      expect(network.genesisHash.startsWith(String(network.id))).toBe(true);
    }
  });
});

describe('parseBip122Address (spec §5)', () => {
  for (const caip of [MAINNET, TESTNET, TESTNET4, SIGNET, REGTEST]) {
    describe(caip, () => {
      const addresses = addressesFor(caip);
      for (const [type, address] of Object.entries(addresses)) {
        it(`accepts a ${type} address and names its type`, () => {
          expect(parseBip122Address(address, caip)).toMatchObject({ ok: true, type });
          // btc-signer decodes it to the same kind.
          expect(Address(SIGNER_NETWORK[caip]!).decode(address).type).toBe(
            { p2pkh: 'pkh', p2sh: 'sh', p2wpkh: 'wpkh', p2wsh: 'wsh', p2tr: 'tr' }[type],
          );
        });
        it(`refuses a ${type} address with a bad checksum`, () => {
          expect(parseBip122Address(breakChecksum(address), caip)).toEqual({ ok: false, error: 'checksum' });
        });
      }
    });
  }

  it('refuses an address of another network (each type, each pair with other parameters)', () => {
    const pairs: [string, string][] = [
      [MAINNET, TESTNET],
      [TESTNET, MAINNET],
      [SIGNET, MAINNET],
      [MAINNET, REGTEST],
      [REGTEST, TESTNET],
      [TESTNET, REGTEST],
    ];
    for (const [from, to] of pairs) {
      for (const [type, address] of Object.entries(addressesFor(from))) {
        // Legacy addresses of testnet, signet and regtest share their version bytes.
        const sameLegacy = (type === 'p2pkh' || type === 'p2sh') && from !== MAINNET && to !== MAINNET;
        expect(parseBip122Address(address, to), `${type} of ${from} on ${to}`).toEqual(
          sameLegacy ? expect.objectContaining({ ok: true, type }) : { ok: false, error: 'network' },
        );
      }
    }
  });

  it('follows the BIP-173 and BIP-350 test vectors', () => {
    expect(parseBip122Address('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', MAINNET)).toMatchObject({
      ok: true,
      type: 'p2wpkh',
      witnessVersion: 0,
    });
    expect(parseBip122Address('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', TESTNET)).toMatchObject(
      { ok: true, type: 'p2wsh' },
    );
    expect(parseBip122Address('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', MAINNET)).toMatchObject(
      { ok: true, type: 'p2tr', witnessVersion: 1 },
    );
    // Version 16, 2-byte program: payable, of no known type.
    expect(parseBip122Address('BC1SW50QGDZ25J', MAINNET)).toMatchObject({ ok: true, type: 'segwit-future' });
    // Witness v1 with a bech32 (not bech32m) checksum, v0 with bech32m, v16 with bech32: refused (BIP-350).
    expect(parseBip122Address('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', MAINNET)).toEqual({
      ok: false,
      error: 'checksum',
    });
    expect(parseBip122Address('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', MAINNET)).toEqual({
      ok: false,
      error: 'checksum',
    });
    expect(parseBip122Address('BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', MAINNET)).toEqual({
      ok: false,
      error: 'checksum',
    });
    // Mixed case, a v0 program of 16 bytes, a v1 program of 41 bytes: malformed.
    expect(parseBip122Address('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', TESTNET)).toEqual({
      ok: false,
      error: 'format',
    });
    expect(parseBip122Address('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', MAINNET)).toEqual({ ok: false, error: 'format' });
    expect(parseBip122Address('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', MAINNET)).toEqual({
      ok: false,
      error: 'format',
    });
    // Version 2 with a bech32 checksum (BIP-350: version 1 and up use bech32m).
    expect(parseBip122Address('bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', MAINNET)).toEqual({
      ok: false,
      error: 'checksum',
    });
  });

  it('reads the well-known legacy addresses and refuses one with a broken checksum', () => {
    expect(parseBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', MAINNET)).toEqual({ ok: true, type: 'p2pkh' });
    expect(parseBip122Address('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', MAINNET)).toEqual({ ok: true, type: 'p2sh' });
    expect(parseBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', MAINNET)).toEqual({ ok: false, error: 'checksum' });
    expect(parseBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', TESTNET)).toEqual({ ok: false, error: 'network' });
  });

  it('refuses what is no address, and an unknown bip122 network, without throwing', () => {
    for (const bad of ['', 'hello', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 42, null, 'bc1', 'x'.repeat(200)]) {
      expect(parseBip122Address(bad, MAINNET)).toEqual({ ok: false, error: 'format' });
    }
    expect(parseBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bip122:ffff')).toEqual({
      ok: false,
      error: 'unknown-network',
    });
    expect(parseBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'eip155:1')).toEqual({
      ok: false,
      error: 'unknown-network',
    });
    expect(isBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', MAINNET)).toBe(true);
    expect(isBip122Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'toString')).toBe(false);
  });
});
