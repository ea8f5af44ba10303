import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerError } from "smtp-server";

/**
 * A loopback SMTP server for tests (smtp-server, the receiving half of nodemailer's project): it accepts every
 * message, keeps the raw MIME text, and can refuse on demand the way a busy or strict mail server does.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as received: headers and MIME body. */
  raw: string;
}

export type RefusalStage = "mail" | "rcpt" | "data";

export interface SmtpStandIn {
  /** smtp://127.0.0.1:PORT */
  url: string;
  messages: ReceivedMail[];
  /**
   * The next n messages are refused with `code` (451 by default: a temporary failure; 550 for a permanent one),
   * as the answer to MAIL FROM, RCPT TO (a refused recipient) or the end of DATA (a refused message).
   */
  refuseNext(n: number, code?: number, message?: string, at?: RefusalStage): void;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  let refusals = { left: 0, code: 451, message: "", at: "mail" as RefusalStage };

  /** Takes one refusal if one is pending for this stage of the SMTP conversation. */
  const refusal = (stage: RefusalStage): SMTPServerError | undefined => {
    if (refusals.left <= 0 || refusals.at !== stage) return undefined;
    refusals.left -= 1;
    const error: SMTPServerError = new Error(refusals.message);
    error.responseCode = refusals.code;
    return error;
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    // Tests close the server at once; a client still connected is cut off after a second, not the default 30.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      // Any credentials are accepted: the tests check what is sent, not who may send.
      callback(null, { user: auth.username ?? "user" });
    },
    onMailFrom(_address, _session, callback) {
      callback(refusal("mail"));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal("rcpt"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refused = refusal("data");
        if (refused) return callback(refused);
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : "",
          to: envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(n, code = 451, message, at = "mail") {
      const text = message ?? (code >= 500 ? "Mailbox unavailable" : "Try again later");
      refusals = { left: n, code, message: text, at };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sender the tests' apps write their e-mail from. */
const TEST_MAIL_FROM = '"Dr. Ananya Rao" <appointments@clinic.test>';

/** The settings that send the app's e-mail through the stand-in. */
export function mailEnv(smtp: SmtpStandIn): Record<string, string> {
  return { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM };
}
