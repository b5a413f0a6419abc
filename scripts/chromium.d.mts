/** Debian chromium's path, `/usr/bin/chromium` (DESIGN.md §4). */
export declare const CHROMIUM_PATH: string;
/** Chromium launch flags (DESIGN.md §4). */
export declare const CHROMIUM_ARGS: string[];
