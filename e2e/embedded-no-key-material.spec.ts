import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import type { Frame, Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { approveInSecureFrame, emailLogin, freshEmail } from './support/emailLogin';
import { DAPP_PROMPT, closeModal, dapp } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame is a third-party frame (origin C inside B inside the dapp): it keeps its
// device keys in IndexedDB, which Chromium gives it only with storage partitioning on (as
// browsers ship it; Playwright's default flags deny third-party storage instead).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Records every message the dapp page receives: window messages and MessagePort messages
 * (penpal moves to a private port after its handshake), as JSON strings.
 */
const RECORDER = () => {
  const seen: string[] = [];
  (window as unknown as { __airlockSeen: string[] }).__airlockSeen = seen;
  const record = (data: unknown) => {
    try {
      seen.push(JSON.stringify(data));
    } catch {
      seen.push(String(data));
    }
  };
  window.addEventListener('message', (event) => record(event.data), true);
  const add = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (
    this: MessagePort,
    type: string,
    listener: unknown,
    options?: unknown,
  ) {
    if (type === 'message') add.call(this, 'message', (event: Event) => record((event as MessageEvent).data));
    return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  } as typeof MessagePort.prototype.addEventListener;
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
      const wrapped = handler
        ? (event: MessageEvent) => {
            record(event.data);
            handler.call(this, event);
          }
        : null;
      onmessage.set!.call(this, wrapped);
    },
  });
};

/** Everything a frame keeps in localStorage, sessionStorage and its IndexedDB databases, as strings. */
async function storageOf(frame: Frame): Promise<string[]> {
  return frame.evaluate(async () => {
    const out: string[] = [];
    for (const store of [localStorage, sessionStorage])
      for (let i = 0; i < store.length; i++) out.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
    const dbs = (await indexedDB.databases?.()) ?? [];
    for (const info of dbs) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve([]);
        });
        out.push(
          JSON.stringify(all, (_k, v) =>
            v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? Array.from(new Uint8Array(v as ArrayBuffer)) : v,
          ),
        );
      }
      db.close();
    }
    return out;
  });
}

/** Whether `text` holds the key of `address`: a 32-byte hex private key of it, or a BIP-39 phrase deriving it. */
function holdsKeyOf(text: string, address: string): string | null {
  for (const hex of text.match(/(?:0x)?[0-9a-fA-F]{64}/g) ?? []) {
    const key = (hex.startsWith('0x') ? hex : `0x${hex}`).slice(0, 66) as `0x${string}`;
    try {
      if (privateKeyToAccount(key).address.toLowerCase() === address.toLowerCase())
        return `private key ${key.slice(0, 8)}…`;
    } catch {
      /* not a valid key */
    }
  }
  // Runs of BIP-39 words long enough for a phrase; each 12- or 24-word window with a valid checksum is derived.
  const bip39 = new Set(wordlist);
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  let run: string[] = [];
  for (const word of [...words, '']) {
    if (bip39.has(word)) {
      run.push(word);
      continue;
    }
    for (const length of [12, 24]) {
      for (let i = 0; i + length <= run.length; i++) {
        const phrase = run.slice(i, i + length).join(' ');
        if (
          validateMnemonic(phrase, wordlist) &&
          mnemonicToAccount(phrase).address.toLowerCase() === address.toLowerCase()
        )
          return 'a recovery phrase';
      }
    }
    run = [];
  }
  return null;
}

async function widgetFrame(page: Page): Promise<Frame> {
  const frame = page.frames().find((f) => f.url().startsWith(urls.frame));
  if (!frame) throw new Error('no widget frame');
  return frame;
}

test('after login and signing, no key of the embedded account is in the dapp storage, the widget storage or any message the page received', async ({
  page,
}) => {
  await page.addInitScript(RECORDER);
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, freshEmail('nokeys'));
  await closeModal(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await approveInSecureFrame(page);
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');

  const messages = await page.evaluate(() => (window as unknown as { __airlockSeen: string[] }).__airlockSeen);
  expect(messages.length).toBeGreaterThan(0);
  const places: [string, string[]][] = [
    ['messages the dapp page received', messages],
    ['dapp storage', await storageOf(page.mainFrame())],
    ['widget frame storage', await storageOf(await widgetFrame(page))],
  ];
  for (const [where, texts] of places) {
    for (const text of texts) expect(holdsKeyOf(text, address), `${where}: ${text.slice(0, 80)}`).toBeNull();
  }
  // The recorder sees the account itself, so it would also see a key if one crossed.
  expect(messages.some((m) => m.toLowerCase().includes(address.slice(2).toLowerCase()))).toBe(true);
});

test('the key detector finds a private key or a recovery phrase where there is one', () => {
  // Anvil's public test phrase and its account 0 key: what a leak would look like.
  const phrase = 'test test test test test test test test test test test junk';
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  const address = privateKeyToAccount(key).address;
  expect(holdsKeyOf(JSON.stringify({ nested: { seed: phrase } }), address)).toBe('a recovery phrase');
  expect(holdsKeyOf(`{"k":"${key.slice(2)}"}`, address)).toMatch(/^private key/);
  expect(holdsKeyOf(JSON.stringify({ address, signature: `0x${'ab'.repeat(65)}` }), address)).toBeNull();
});
