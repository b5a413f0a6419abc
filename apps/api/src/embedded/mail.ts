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

/** The device approval mail: the dapp origin, the device, and the approval link. */
export function approvalMail(link: string, dappOrigin: string, userAgent: string): { subject: string; text: string } {
  return {
    subject: 'Approve a new device for your Airlock wallet',
    text: `A new device wants to use your Airlock wallet on ${dappOrigin}.\nDevice: ${userAgent || 'unknown browser'}\n\nOpen this link to approve or deny it:\n${link}\n\nIf this was not you, deny it or ignore this mail.\n`,
  };
}
