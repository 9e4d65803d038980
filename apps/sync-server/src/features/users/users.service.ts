import type { AuthUser } from '@simvisit/schema';
import { fullName } from '@simvisit/schema';
import type { UserRow } from '../../db/types';
import type { UsersRepository } from './users.repository';

/** Users as the rest of the server sees them: identity, role grants and permissions at a partner. */
export function createUsersService(repo: UsersRepository) {
  async function grants(userId: number) {
    const rows = await repo.userRoles(userId);
    return rows.map((r) => ({
      role_id: r.role_id,
      partner_id: r.partner_id,
      is_approved: r.is_approved,
      pay_rate: r.pay_rate,
      role: { name: r.role_name },
    }));
  }

  return {
    byEmail: (email: string) => repo.byEmail(email),
    byId: (id: number) => repo.byId(id),
    setPassword: (id: number, hash: string) => repo.setPassword(id, hash),
    grants,
    /** Permission names held at a partner: all for super admins; else those of approved roles there. */
    async permissionsOf(user: UserRow, partnerId: number | null): Promise<string[]> {
      if (user.super_admin) return (await repo.allPermissionNames()).map((p) => p.name);
      if (partnerId === null) return [];
      return (await repo.permissionNamesAt(user.id, partnerId)).map((p) => p.name).sort();
    },
    /** The user of GET api/auth/user; the caller adds the availabilities (the availability feature's). */
    async selfView(user: UserRow): Promise<Omit<AuthUser, 'availabilities'>> {
      const [userRoles, custom] = await Promise.all([grants(user.id), repo.customData(user.id)]);
      const roles = new Map<number, string>();
      for (const r of userRoles) if (r.is_approved) roles.set(r.role_id, r.role.name);
      return {
        id: user.id,
        super_admin: user.super_admin ? 1 : 0,
        name: fullName(user),
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        image: user.image,
        dob: user.dob,
        mobile_number: user.mobile_number,
        mobile_verified_at: user.mobile_verified_at ? user.mobile_verified_at.toISOString() : null,
        auto_login: user.auto_login,
        enable_email_notifications: user.enable_email_notifications,
        enable_sms_notifications: user.enable_sms_notifications,
        enable_push_notifications: user.enable_push_notifications,
        job_title: user.job_title,
        company_name: user.company_name,
        profession_id: user.profession_id,
        specialty_id: user.specialty_id,
        medical_degree: user.medical_degree,
        address_1: user.address_1,
        address_2: user.address_2,
        city: user.city,
        state_id: user.state_id,
        country_id: user.country_id,
        timezone_id: user.timezone_id,
        license_number: user.license_number,
        state_licensed: user.state_licensed,
        dea_number: user.dea_number,
        npi_number: user.npi_number,
        years_of_experience: user.years_of_experience,
        experience: user.experience,
        roles: [...roles].map(([id, name]) => ({ id, name })),
        user_roles: userRoles,
        user_custom_data: custom,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
