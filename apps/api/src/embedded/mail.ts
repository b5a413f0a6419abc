import nodemailer from 'nodemailer';

/** Sends one plain-text mail. @throws the SMTP error (the caller answers 502). */
export type SendMail = (message: { to: string; subject: string; text: string }) => Promise<void>;

/** A nodemailer SMTP transport to `smtpUrl` with `from` as the sender (docs/embedded-wallet.md "Environment"). */
export function createMailer(smtpUrl: string, from: string): SendMail {
  const transport = nodemailer.createTransport(smtpUrl);
  return async ({ to, subject, text }) => {
    await transport.sendMail({ from, to, subject, text });
  };
}

/** The login code mail: the code in the subject and the body, the dapp it is for, the expiry. */
export function codeMail(code: string, dappOrigin: string, minutes: number): { subject: string; text: string } {
  return {
    subject: `${code} is your Airlock login code`,
    text: `Your login code is ${code}\n\nYou are signing in to ${dappOrigin}. The code expires in ${minutes} minutes.\nIf you did not ask for it, ignore this mail: nobody can sign in without the code.\n`,
  };
}

/** The email-update code mails (to the current address, then to the new one). */
export function updateMail(code: string, step: 'current' | 'new', newEmail: string): { subject: string; text: string } {
  return step === 'current'
    ? {
        subject: `${code} confirms changing your Airlock email`,
        text: `Your code is ${code}\n\nSomeone signed in to your Airlock wallet asked to change its email to ${newEmail}. Enter this code only if that was you.\n`,
      }
    : {
        subject: `${code} confirms your new Airlock email`,
        text: `Your code is ${code}\n\nEnter it to make this address the email of your Airlock wallet.\n`,
      };
}

/** What the device approval mail and page say about a request (`embedded_device_approvals`). */
export type ApprovalRequest = {
  /** The dapp origin the asker named (an allowed origin of the project, chosen by the asker). */
  dappOrigin: string;
  /** The asker's `User-Agent` (its own word; '' when absent). */
  userAgent: string;
  /** The client address the request came from (`src/http/clientIp.ts`: IP, IPv6 as its /64). */
  ip: string;
  /** When it was asked, ms since the epoch. */
  at: number;
};

/**
 * The device approval mail: that approving hands the device the wallet, the address (IP) and time
 * the request came from, the website and browser it named (marked as its own word), and the link.
 */
export function approvalMail(link: string, request: ApprovalRequest): { subject: string; text: string } {
  return {
    subject: 'A new device asks for your Airlock wallet',
    text: `A new device asks to use your Airlock wallet.\n\nApproving hands that device your wallet: it can sign and send anything with it, as you can. Approve only if you yourself just tried to sign in, from this address and at this time:\n\nAsked from IP address: ${request.ip || 'unknown'}\nAsked at: ${new Date(request.at).toUTCString()}\n\nThe request names the website ${request.dappOrigin} and the browser ${request.userAgent || 'unknown browser'}; whoever asked chose these.\n\nOpen this link to approve or deny it:\n${link}\n\nIf this was not you, deny it or ignore this mail: nothing happens without your approval.\n`,
  };
}
