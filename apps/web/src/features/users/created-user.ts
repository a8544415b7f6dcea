/**
 * A new user's generated password (SPEC.md section 5) is shown once, on its details right after the
 * create form: the form hands it over in the history state, never in the address or a cache.
 */
import type { ApiCreatedUser } from '@mend/shared';

/** History state left by the create form. */
interface CreatedUserState {
  createdUserId: number;
  generatedPassword: string;
}

/** The history state for a saved user's details: its generated password, when the server made one. */
export function createdUserState(id: number, answer: unknown): CreatedUserState | undefined {
  const password = (answer as ApiCreatedUser | null)?.generated_password;
  return password ? { createdUserId: id, generatedPassword: password } : undefined;
}

/** The generated password the history state carries for this user, if any. */
export function readCreatedState(state: unknown, id: number): string | null {
  const value = state as Partial<CreatedUserState> | null;
  return value?.createdUserId === id && typeof value.generatedPassword === 'string'
    ? value.generatedPassword
    : null;
}
