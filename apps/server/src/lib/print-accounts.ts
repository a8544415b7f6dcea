/** Prints sign-in accounts as a table on the console (start-up in demo mode, CLI). */
export interface PrintableAccount {
  roleName: string;
  login: string;
  password: string;
  name: string;
  note?: string;
}

export function printAccounts(accounts: PrintableAccount[], title = 'Demo accounts'): void {
  const rows = accounts.map((a) => [a.roleName, a.login, a.password, a.name, a.note ?? '']);
  const header = ['Role', 'Sign in with', 'Password', 'Name', 'Note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}:\n  ${line(header)}\n  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(`  ${line(row)}`);
  console.log('');
}
