import { thirdPartyScriptWords } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useAppConfig } from '../../lib/app-config';

export interface CookieSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The product sets only strictly necessary cookies, and loads no third-party script but Stripe.js on the card form
 * when Stripe's keys are set, so there is nothing to consent to or switch off; the dialog says so instead of
 * loading a consent manager (SECURITY PRIV-02, decision 0090).
 */
export function CookieSettingsDialog({ open, onOpenChange }: CookieSettingsDialogProps) {
  const { product_name, stripe_payments } = useAppConfig();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Cookie Settings"
      description={`${product_name} uses only strictly necessary cookies.`}
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <div className="space-y-3">
        <p>
          These cookies keep you signed in and protect your requests against cross-site request forgery. The site cannot work without them,
          so they cannot be switched off.
        </p>
        <p>{thirdPartyScriptWords(stripe_payments)}</p>
        <p>
          Read more in our{' '}
          <Link
            to="/privacy-policy"
            hash="cookies"
            onClick={() => onOpenChange(false)}
            className="font-medium text-brand-700 hover:underline"
          >
            Cookie Policy
          </Link>
          .
        </p>
      </div>
    </Modal>
  );
}
