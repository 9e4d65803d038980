import { createLazyRoute } from '@tanstack/react-router';
import { ContactPage } from './ContactPage';

export const contactLazyRoute = createLazyRoute('/public/contactus')({ component: ContactPage });
