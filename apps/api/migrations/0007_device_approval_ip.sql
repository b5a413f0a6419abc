-- Device approvals (docs/embedded-wallet.md "The login rule"): the client address (IP, or the
-- IPv6 /64) the approval was asked from, shown in the approval mail and on the approval page
-- next to the time, beside the website and browser names the asker chose.

ALTER TABLE embedded_device_approvals ADD COLUMN requester_ip text NOT NULL DEFAULT '';
