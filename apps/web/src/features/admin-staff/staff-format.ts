import type { TStaffMember } from '@shop/api/schemas';

/** A member as the list and the dialogs name them: family name first, as Hungarians write it. */
export function memberName(member: Pick<TStaffMember, 'lastName' | 'firstName' | 'email'>): string {
  return [member.lastName, member.firstName].filter(Boolean).join(' ') || member.email;
}
