import type { Plugin } from 'vite';
/** The catalog's JSON without its identity entries (key === text), and how many went. */
export declare function dropIdentityEntries(json: string): { json: string; removed: number };
/** A Vite plugin (build only): {@link dropIdentityEntries} on the frame's English catalog. */
export declare function sparseSourceCatalog(): Plugin;
