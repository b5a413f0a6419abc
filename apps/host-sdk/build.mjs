// Builds the host SDK, both minified:
// - dist/index.js: ESM (entry src/index.ts);
// - dist/airlock.js: classic script (IIFE, entry src/global.ts) that sets `window.Airlock`;
// - dist/solana.js: the opt-in Solana entry (ESM, src/solana/index.ts: `solana()` for `extensions`);
// - dist/airlock-solana.js: its classic script (IIFE, src/solana/global.ts) that sets `window.Airlock.solana`;
// - dist/bitcoin.js: the opt-in Bitcoin entry (ESM, src/bitcoin/index.ts: `bitcoin()` for `extensions`);
// - dist/airlock-bitcoin.js: its classic script (IIFE, src/bitcoin/global.ts) that sets `window.Airlock.bitcoin`;
// - dist/cosmos.js / dist/airlock-cosmos.js and dist/polkadot.js / dist/airlock-polkadot.js: the opt-in
//   Cosmos and Polkadot entries (src/cosmos, src/polkadot), the same way;
// - dist/multichain.js / dist/airlock-multichain.js: the opt-in multichain (CAIP-25) entry (src/multichain), the same way;
// - dist/inline.js / dist/airlock-inline.js: the opt-in embedded (inline) mode entry (src/inline), the same way.
// Budgets (gzip -9, scripts/check-budget.mjs): each classic script has its own, each starting with
// V8's compile hint; check with `npm run budget` at the root.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;

/**
 * penpal 7's WindowMessenger still speaks the message format of penpal 6 and older, for a
 * child window running an old penpal. The Airlock frame always runs penpal 7, so that path
 * is dead code in the host, and about 430 bytes gzip of a 5 KB budget. This plugin turns
 * it off where penpal switches to it (a message in the old format is then ignored like
 * any other foreign message), and the minifier drops the rest. Every replacement must
 * match exactly as often as expected, so a penpal update that moves the code fails the
 * build instead of shipping a half-edited penpal. The classic-script e2e spec runs the result.
 */
const penpalWithoutLegacyProtocol = {
  name: 'penpal-without-legacy-protocol',
  setup(b) {
    b.onLoad({ filter: /[\\/]penpal[\\/]dist[\\/]penpal\.mjs$/ }, async ({ path }) => {
      let text = await readFile(path, 'utf8');
      const replace = (from, to, times) => {
        const found = text.split(from).length - 1;
        if (found !== times)
          throw new Error(`penpal changed: expected ${times} × ${JSON.stringify(from)}, found ${found}`);
        text = text.split(from).join(to);
      };
      replace('if (isDeprecatedMessage(data)) {', 'if (false) {', 1);
      replace('this.#isChildUsingDeprecatedProtocol = true;', '', 1);
      replace('#isChildUsingDeprecatedProtocol = false;', '', 1);
      replace('this.#isChildUsingDeprecatedProtocol', 'false', 3);
      replace('remoteParticipantId !== DEPRECATED_PENPAL_PARTICIPANT_ID', 'true', 1);
      replace('remoteParticipantId === DEPRECATED_PENPAL_PARTICIPANT_ID', 'false', 1);
      // The host never passes penpal a `log` function: its debug messages are dead code.
      replace('this.#log?.(', 'false && this.#log(', 5);
      replace('log?.(', 'false && log(', 12);
      // With no `log`, penpal's parameters and arguments that carry it go too (their uses are dead above).
      replace(
        'messenger.initialize({ log, validateReceivedMessage });',
        'messenger.initialize({ validateReceivedMessage });',
        1,
      );
      replace(
        '  initialize = ({\n    log,\n    validateReceivedMessage',
        '  initialize = ({\n    validateReceivedMessage',
        2,
      );
      replace('  channel,\n  log\n}) => {', '  channel\n}) => {', 2);
      replace('        channel,\n        log\n      });', '        channel\n      });', 1);
      replace('(messenger, methods, channel, log)', '(messenger, methods, channel)', 2);
      replace('(messenger, channel, log)', '(messenger, channel)', 2);
      replace('  }, log);', '  });', 1);
      replace('(callback, log, path = [])', '(callback, path = [])', 1);
      replace('createRemoteProxy(callback, log, [...path, prop])', 'createRemoteProxy(callback, [...path, prop])', 1);
      // The host's methods never answer with penpal's `Reply` (transferables).
      replace('if (value instanceof Reply_default) {', 'if (false) {', 1);
      // The host always passes one fresh messenger and a remote window: the argument checks are dead.
      replace('if (!messenger) {', 'if (false) {', 1);
      replace('if (usedMessengers.has(messenger)) {', 'if (false) {', 1);
      replace('usedMessengers.add(messenger);', '', 1);
      replace('if (!remoteWindow) {', 'if (false) {', 1);
      // allowedOrigins is always [the frame's origin] (a string, never a RegExp or '*').
      replace(
        'this.#allowedOrigins.some(\n      (allowedOrigin) => allowedOrigin instanceof RegExp ? allowedOrigin.test(origin) : allowedOrigin === origin || allowedOrigin === "*"\n    )',
        'this.#allowedOrigins.includes(origin)',
        1,
      );
      replace(
        'this.#concreteRemoteOrigin === "null" && this.#allowedOrigins.includes("*") ? "*" : this.#concreteRemoteOrigin',
        'this.#concreteRemoteOrigin',
        1,
      );
      // SYN and ACK1 go out the same way (the window, to the origin `#getOriginForSendingMessage`
      // gives): one branch for both, so the ACK1 branch (and its old-penpal downgrade) is dead.
      replace(
        'if (isSynMessage(message)) {\n      const originForSending',
        'if (isSynMessage(message) || isAck1Message(message)) {\n      const originForSending',
        1,
      );
      replace('if (isAck1Message(message) ||', 'if (false &&', 1);
      // Messages no dapp can see: the handshake's timeout becomes the host's own "frame not
      // connected" message, and the two sending failures cannot happen on the host's path (it sends
      // ACK1/ACK2 only after the frame's SYN set the origin, and calls only once the port is set).
      replace('`Connection timed out after $' + '{timeout}ms`', '""', 1);
      replace('"Cannot send message because the MessagePort is not connected"', '"No port"', 2);
      replace('"Cannot send message because the remote origin is not established"', '"No origin"', 1);
      replace('allowedOrigins?.length ? allowedOrigins : [window.origin]', 'allowedOrigins', 1);
      // For the same reasons the handshake's three sends (SYN to '*', ACK1 and ACK2 after the frame's
      // SYN) cannot throw: their try/catch goes.
      replace(
        '    try {\n      messenger.sendMessage(synMessage);\n    } catch (error) {\n      reject(new PenpalError_default("TRANSMISSION_FAILED", error.message));\n    }\n',
        '    messenger.sendMessage(synMessage);\n',
        1,
      );
      for (const m of ['ack1Message', 'ack2Message'])
        replace(
          `    try {\n      messenger.sendMessage(${m});\n    } catch (error) {\n      reject(new PenpalError_default("TRANSMISSION_FAILED", error.message));\n      return;\n    }\n`,
          `    messenger.sendMessage(${m});\n`,
          1,
        );
      // The host never calls `.apply` / `.call` / `.bind` on a remote method.
      replace('if (path.length && methodsToTreatAsNative.has(prop)) {', 'if (false) {', 1);
      // The messengers' `log`, never passed by the host, is stored and never read.
      replace('this.#log = log;', '', 2);
      // The host never transfers objects with a call (CallOptions carries only its timeout).
      replace('  transferables;\n  timeout;', '  timeout;', 1);
      replace(
        '    this.transferables = options?.transferables;\n    this.timeout = options?.timeout;',
        '    this.timeout = options?.timeout;',
        1,
      );
      replace('const { timeout, transferables } = lastArgIsOptions', 'const { timeout } = lastArgIsOptions', 1);
      replace('messenger.sendMessage(callMessage, transferables);', 'messenger.sendMessage(callMessage);', 1);
      // Error texts a dapp reads through the host's 4900 errors, shorter: a call to a method the host
      // does not serve names the method; a call after the widget's destroy() says so in the words of
      // destroy()'s own rejection; a timed-out call names the method and the wait.
      const $ = '$'; // keeps `${` out of string literals (Biome reads them as misplaced templates)
      replace(`\`Method \\\`${$}{formatMethodPath(methodPath)}\\\` is not found.\``, 'formatMethodPath(methodPath)', 1);
      replace(
        `\`Method call ${$}{formatMethodPath(\n      methodPath\n    )}() failed due to destroyed connection\``,
        '"Airlock: widget destroyed"',
        1,
      );
      replace(
        `\`Method call ${$}{formatMethodPath(\n              methodPath\n            )}() timed out after ${$}{timeout}ms\``,
        `\`${$}{formatMethodPath(methodPath)}() timed out after ${$}{timeout}ms\``,
        1,
      );
      // Nominal-typing brands, never read.
      replace('#brand = brand;', '', 1);
      replace('#brand = brand2;', '', 1);
      // One UUID generator in the host: penpal's (randomUUID, else Math.random hex) becomes
      // src/uuid.ts's (randomUUID, else a v4 from getRandomValues), which the EIP-6963 announcement uses too.
      replace(
        'var generateId_default = crypto.randomUUID?.bind(crypto) ?? (() => new Array(4).fill(0).map(\n  () => Math.floor(Math.random() * Number.MAX_SAFE_INTEGER).toString(16)\n).join("-"));',
        `import { uuid as generateId_default } from ${JSON.stringify(here('./src/uuid.ts'))};`,
        1,
      );
      // penpal's build names each module's export again (`var CallOptions_default = CallOptions;`)
      // and uses the second name; the minifier keeps both. One name each: the aliases go and their
      // uses take the original name.
      const aliases = [...text.matchAll(/^var (\w+)_default = (\w+);\n/gm)];
      if (aliases.length !== 14) throw new Error(`penpal changed: expected 14 export aliases, found ${aliases.length}`);
      for (const [line, alias, name] of aliases) {
        if (alias !== name) throw new Error(`penpal changed: ${line.trim()}`);
        text = text.replace(line, '').replace(new RegExp(`\\b${alias}_default\\b`, 'g'), name);
      }
      return { contents: text, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  minify: true,
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [penpalWithoutLegacyProtocol],
  // Shortens penpal's internal property names (between its connect(), messenger and call
  // handler, and the host's own options to them). Only names that never cross postMessage
  // (the wire keys namespace, channel, type, methodPath, args … stay) nor a bundle boundary
  // (airlock-solana.js is built apart), and that no DOM or built-in API has.
  mangleProps:
    /^(sendMessage|addMessageHandler|removeMessageHandler|remoteProxy|timeoutId|validateReceivedMessage|initialize|transferables|messenger|remoteWindow|allowedOrigins)$/,
};

/**
 * The classic scripts:
 * - no `"use strict"` prologue, which esbuild adds to an IIFE only because the tsconfig is strict
 *   (the code inside is strict-safe, and its classes are strict anyway);
 * - V8's explicit compile hint (Chrome 136+) on the first line: the widget's setup (at the page's
 *   `load` event, at the dapp's first use, or in a createWidget() call on a loaded page) runs most
 *   of each script, so Chromium compiles all of it while it streams in, on a background thread,
 *   not function by function on the page's thread when the setup first calls it. Without it, the
 *   setup on a loaded page took 1.2 ms (median of 20, up to 6.4 ms) against 0.5 ms with it
 *   (docs/architecture.md). A bundler drops comments, so the ESM builds have none;
 *   `npm run budget` checks both.
 */
const classic = {
  ...common,
  format: 'iife',
  tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
  banner: { js: COMPILE_HINT },
};

await Promise.all([
  build({ ...common, entryPoints: [here('./src/index.ts')], format: 'esm', outfile: here('./dist/index.js') }),
  build({ ...classic, entryPoints: [here('./src/global.ts')], outfile: here('./dist/airlock.js') }),
  build({ ...common, entryPoints: [here('./src/solana/index.ts')], format: 'esm', outfile: here('./dist/solana.js') }),
  build({ ...classic, entryPoints: [here('./src/solana/global.ts')], outfile: here('./dist/airlock-solana.js') }),
  build({
    ...common,
    entryPoints: [here('./src/bitcoin/index.ts')],
    format: 'esm',
    outfile: here('./dist/bitcoin.js'),
  }),
  build({ ...classic, entryPoints: [here('./src/bitcoin/global.ts')], outfile: here('./dist/airlock-bitcoin.js') }),
  ...['cosmos', 'polkadot', 'multichain', 'inline'].flatMap((name) => [
    build({
      ...common,
      entryPoints: [here(`./src/${name}/index.ts`)],
      format: 'esm',
      outfile: here(`./dist/${name}.js`),
    }),
    build({ ...classic, entryPoints: [here(`./src/${name}/global.ts`)], outfile: here(`./dist/airlock-${name}.js`) }),
  ]),
]);
