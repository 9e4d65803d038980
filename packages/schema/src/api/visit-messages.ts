import { defineContract } from '../api-contract';

/** The inbound side of visit messages: Twilio's webhook for SMS replies (SMS-04), visit confirmation by reply. */
export const visitMessagesApi = {
  /**
   * Twilio sends no session or CSRF token: the signature over the public URL and the parameters stands in for
   * both. The form-encoded body is read by the handler (the signature covers it as sent), and the answer is TwiML.
   */
  twilioInbound: defineContract({
    method: 'POST',
    path: '/api/sms/twilio/inbound',
    tag: 'SMS',
    summary: "Inbound SMS from Twilio (form-encoded), verified by X-Twilio-Signature; 'YES' confirms the learner's visit",
    access: { type: 'public' },
    scope: 'none',
    stateChanging: false,
    json: false,
  }),
};
