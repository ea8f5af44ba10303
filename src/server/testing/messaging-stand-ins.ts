import { mailEnv, type SmtpStandIn, startSmtpStandIn } from "./smtp-stand-in";
import { startWhatsAppStandIn, type WhatsAppStandIn, whatsappEnv } from "./whatsapp-stand-in";

/** Both channels a patient is messaged on, stood in for: an SMTP server and Meta's WhatsApp Cloud API. */
export interface MessagingStandIns {
  smtp: SmtpStandIn;
  whatsapp: WhatsAppStandIn;
  /** The settings that send the app's e-mail and WhatsApp messages to the two stand-ins. */
  env: Record<string, string>;
  /** Forgets what either stand-in has received so far. */
  clear(): void;
  close(): Promise<void>;
}

export async function startMessagingStandIns(): Promise<MessagingStandIns> {
  const smtp = await startSmtpStandIn();
  const whatsapp = await startWhatsAppStandIn();
  return {
    smtp,
    whatsapp,
    env: { ...mailEnv(smtp), ...whatsappEnv(whatsapp) },
    clear: () => {
      smtp.messages.length = 0;
      whatsapp.requests.length = 0;
    },
    close: async () => {
      await smtp.close();
      await whatsapp.close();
    },
  };
}
