/** Debian chromium's path, `/usr/bin/chromium`. */
export declare const CHROMIUM_PATH: string;
/** Chromium launch flags. */
export declare const CHROMIUM_ARGS: string[];
/** Chromium launch flags with third-party storage partitioning on (as browsers ship it). */
export declare const PARTITIONED_STORAGE_ARGS: string[];
