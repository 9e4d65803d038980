import { type AnyRoute, defineRoute } from '../../http/route';
import { twiml } from './sms-inbound.service';

/** Twilio's inbound SMS webhook (SMS-04): visit confirmation by reply. */
export const smsInboundRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/sms/twilio/inbound',
    tag: 'SMS',
    summary: "Inbound SMS from Twilio (form-encoded), verified by X-Twilio-Signature; 'YES' confirms the learner's visit",
    access: { type: 'public' },
    scope: 'none',
    // Twilio sends no session or CSRF token: the signature over the public URL and the parameters stands in for both.
    stateChanging: false,
    json: false,
    handler: async ({ c }) => {
      const { config, services } = c.var;
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(await c.req.text())) params[k] = v;
      const url = `${config.appUrl}${c.req.path}${new URL(c.req.url).search}`;
      const { reply } = await services.smsInbound.receive({ url, signature: c.req.header('x-twilio-signature'), params });
      return c.body(twiml(reply), 200, { 'Content-Type': 'text/xml; charset=utf-8' });
    },
  }),
];
