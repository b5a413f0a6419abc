/**
 * Airlock's own icon, a `data:image/svg+xml` URI (RFC 2397): the EIP-6963 announcement's default
 * `info.icon` and the Wallet Standard wallet's `icon`. Its square viewBox lets every picker draw it at
 * the tile's size (without one, an SVG keeps its 9 px intrinsic size in a larger tile); the root's own
 * background paints the whole box (a `<rect>` costs 15 bytes gzip of the host's budget).
 */
export const AIRLOCK_ICON =
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9" style="background:%2336f"/>';
