/**
 * The services every request carries (`c.var.services`). Each feature and platform module adds its own by
 * declaration merging in its index.ts, so this leaf imports nothing and no import cycle runs through it;
 * services.ts builds the object and the compiler checks it has every member.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules' index.ts
export interface Services {}
