import type { Plugin } from 'vite';
/** V8's explicit compile-hint comment (`//# allFunctionsCalledOnLoad`, Chrome 136+). */
export declare const COMPILE_HINT: string;
/** A Vite plugin: the compile hint on the first line of each entry chunk (a source map shifts by one line). */
export declare function compileHints(): Plugin;
