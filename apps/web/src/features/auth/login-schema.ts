/** Loaded on demand by login-validation.ts: zod and the shared schemas stay out of the login page's first load. */
export { loginSchema } from '@mend/shared';
