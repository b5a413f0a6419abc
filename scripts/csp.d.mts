/** Directives sent with every frame response beside `frame-ancestors`. */
export declare const FRAME_CSP_EXTRA: readonly string[];
/** One origin pattern of docs/origins.md as a CSP source expression; throws on an invalid pattern. */
export declare function sourceExpression(pattern: string): string;
/** The frame's Content-Security-Policy value for a deployment's `allowedOrigins`; throws on null or an invalid pattern. */
export declare function frameCsp(allowedOrigins: readonly string[] | null | undefined): string;
