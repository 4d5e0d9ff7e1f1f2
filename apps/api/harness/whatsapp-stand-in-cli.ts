import { startWhatsAppStandIn } from './whatsapp-stand-in';

/**
 * The WhatsApp Cloud API stand-in as a process (`npm run whatsapp:stand-in`): for the end-to-end runs and for trying
 * the WhatsApp messages locally without a Meta app. Point the app at the address it prints (as the Graph API's
 * base) with the same token, phone number id and app secret; it posts the messages' statuses, signed, to
 * WHATSAPP_WEBHOOK_URL, and keeps what it accepts in memory only.
 */
const port = Number(process.env.WHATSAPP_STAND_IN_PORT ?? 4020);
const standIn = await startWhatsAppStandIn({
  port,
  token: process.env.WHATSAPP_TOKEN ?? 'wa-test-token',
  phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID ?? '100200300',
  appSecret: process.env.WHATSAPP_APP_SECRET ?? 'wa-test-secret',
  webhookUrl: process.env.WHATSAPP_WEBHOOK_URL ?? 'http://localhost:3000/api/whatsapp/webhook',
  onWebhook: (delivery) => {
    const value = delivery.payload.entry[0]?.changes[0]?.value;
    const what =
      value?.statuses?.map((status) => `${status.status} ${status.id}`).join(', ') ?? 'mensaje entrante';
    console.log(`webhook ${what} → ${delivery.status || 'sin respuesta'}`);
  },
});
console.log(`WhatsApp Cloud API (stand-in local) en ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
