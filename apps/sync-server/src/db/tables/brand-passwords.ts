import type { NullableTimestamp } from '../columns';

/*
 * Brand passcode rotation (issue 13 item 6; migration 20261127180000_brand_password_rotation): a column added to
 * the partners table, merged into its row type here by declaration merging so platform.ts stays as it is.
 */
declare module './platform' {
  interface PartnersTable {
    /** when the passcode last changed (saved or rotated); null when never */
    password_rotated_at: NullableTimestamp;
  }
}

/** The rotation column's name, for the repository's compare and swap. */
export const PASSWORD_ROTATED_AT = 'password_rotated_at' as const;
