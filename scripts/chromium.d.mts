/** Debian chromium's path, `/usr/bin/chromium`. */
export declare const CHROMIUM_PATH: string;
/** Chromium launch flags. */
export declare const CHROMIUM_ARGS: string[];
