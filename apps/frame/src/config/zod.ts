import { config } from 'zod';

/**
 * zod without its JIT: zod 4 compiles a parser with `new Function` for each object schema on its
 * first parse (and decides whether to, per schema, when the schema is built). The frame parses each
 * of its schemas a few times at most, so compiling costs more main-thread time at start than it
 * ever saves (about a third of the boot's zod time in the bench's profile), and without it the
 * frame needs no `eval` (a CSP without 'unsafe-eval' changes nothing). Validation is the same.
 *
 * Imported FIRST by the frame's entry (main.tsx), before any module that builds a schema: zod
 * reads the flag when a schema is constructed.
 */
config({ jitless: true });
