import { config } from 'zod/mini';

/**
 * zod without its JIT: zod 4 compiles a parser with `new Function` for each object schema on its
 * first parse (and decides whether to, per schema, when the schema is built). The frame parses each
 * of its schemas a few times at most, so compiling costs more main-thread time at start than it
 * ever saves (about a third of the boot's zod time in the bench's profile), and without it the
 * frame needs no `eval` (a CSP without 'unsafe-eval' changes nothing). Validation is the same.
 *
 * Imported FIRST by the frame's entry (main.tsx), before any module that builds a schema: zod
 * reads the flag when a schema is constructed.
 *
 * zod/mini (the frame's zod: no methods on each schema instance, so the protocol's ~600
 * schemas cost far less to build at start) ships no messages: {@link loadZodMessages} adds the
 * English ones, so a malformed call tells the dapp developer what is wrong ('Too big: expected
 * string to have <=128 characters'), beside the spec §5 messages of `@airlock/protocol`'s
 * validate (which need none of them).
 */
config({ jitless: true });

/**
 * Loads zod's English messages (about 0.9 kB gzip, in a chunk of their own, out of the frame's
 * initial JS) and sets them for every later parse. The entry asks for them as it starts, beside
 * the boot; until they arrive a rare issue without a spec §5 message reads 'Invalid input'.
 * Idempotent. Never rejects: without the chunk the messages stay zod's generic ones.
 */
export const loadZodMessages = (): Promise<void> =>
  (messages ??= import('zod/v4/locales/en.js').then(
    (m) => void config(m.default()),
    () => undefined,
  ));

/** The one load of {@link loadZodMessages} (per frame document). */
let messages: Promise<void> | undefined;
