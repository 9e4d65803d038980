import { createLazyRoute } from '@tanstack/react-router';
import { RegistrationFieldsPage } from './RegistrationFieldsPage';

export const registrationFieldsLazyRoute = createLazyRoute('/signed-in/management/registration-fields')({
  component: RegistrationFieldsPage,
});
