-- Social login, redirect mode (docs/embedded-wallet.md "Social login, redirect mode"): the
-- dapp page the provider's callback sends the person back to, on the dapp's own origin;
-- null for a popup login.

ALTER TABLE embedded_social_flows ADD COLUMN return_url text;
