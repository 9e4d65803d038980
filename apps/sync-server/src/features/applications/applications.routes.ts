import { applicationsApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';

export const applicationsRoutes: AnyRoute[] = [implement(api.mine, ({ c }) => c.var.services.applications.forUser(c.var.user!.id))];
