import { mobileUpdateRequestSchema, smsOptInRequestSchema } from '@simvisit/schema';

/**
 * The opt-in rule with the number it needs: a number that cannot receive the product's texts is given to it as
 * none, which the number rule of api/mobile/update refuses with 'Invalid Number'.
 */
export const smsOptInFormSchema = smsOptInRequestSchema.extend({ mobile_number: mobileUpdateRequestSchema.shape.mobile_input });
