/** A landlord's user as its details and its form list them: "Name · Company" when the company differs. */
export function memberLabel(user: { name: string; company_name?: string | null }): string {
  return user.company_name && user.company_name !== user.name
    ? `${user.name} · ${user.company_name}`
    : user.name;
}
