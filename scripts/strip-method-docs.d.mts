import type { Plugin } from 'vite';
/** The source without the documentation properties (`summary`, `paramNames`, `errors`, `timeout`) of its method-table entries. */
export declare function stripDocs(code: string, fileName?: string): { code: string; removed: number };
/** A Vite plugin (build only): {@link stripDocs} on packages/protocol's method tables. */
export declare function stripMethodDocs(): Plugin;
