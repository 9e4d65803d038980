import { visitMessagesApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';
import { twiml } from './sms-inbound.service';

/** Twilio's inbound SMS webhook (contract in packages/schema/src/api/visit-messages.ts): visit confirmation by reply. */
export const smsInboundRoutes: AnyRoute[] = [
  implement(api.twilioInbound, async ({ c }) => {
    const { config, services } = c.var;
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(await c.req.text())) params[k] = v;
    const url = `${config.appUrl}${c.req.path}${new URL(c.req.url).search}`;
    const { reply } = await services.smsInbound.receive({ url, signature: c.req.header('x-twilio-signature'), params });
    return c.body(twiml(reply), 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  }),
];
