/** Loaded on demand by `loadSmsGate` (index.ts): the gate's rule and, with it, the phone data. */
export { smsGate } from '@simvisit/schema';
