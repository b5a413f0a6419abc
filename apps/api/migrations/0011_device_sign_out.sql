-- Embedded wallet (docs/embedded-wallet.md "The login rule"): when a device signed out
-- explicitly. Its next email login must prove the address again with a mailed code (a shared
-- computer), instead of the known device's quick path; any login clears it.

ALTER TABLE embedded_devices ADD COLUMN signed_out_at bigint;
