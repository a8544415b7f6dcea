/** The server's English texts in a French page's answers (ADR 0048): the page's language is French here. */
import { en, fr, LOCALES } from '@mend/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api';

vi.mock('./translations', async (importOriginal) => {
  const { textTranslator } = await import('./text-translator');
  const actual = await importOriginal<typeof import('./translations')>();
  return { ...actual, language: 'fr', t: fr, inPageLanguage: textTranslator(en, fr, LOCALES.fr) };
});

function clientAnswering(status: number, body: unknown) {
  return createApiClient({
    fetch: async () => new Response(JSON.stringify(body), { status }),
    getToken: () => 'token',
    setToken: () => {},
  });
}

describe('answers on a French page', () => {
  it('leaves the message of a record answered as itself: its sender’s words', async () => {
    const submission = { id: 4, subject: 'Hello', message: en.validation.invalidEmail };
    const answer = await clientAnswering(200, submission).get('contact/4');
    expect(answer.data).toEqual(submission);
  });

  it('gives a refusal’s message and field errors in French', async () => {
    const answer = await clientAnswering(422, {
      message: en.errors.validation,
      errors: { email: [en.validation.invalidEmail], name: ['Something else'] },
    }).send('POST', 'users', {});
    expect(answer).toEqual({
      ok: false,
      status: 422,
      data: {
        message: fr.errors.validation,
        errors: { email: [fr.validation.invalidEmail], name: ['Something else'] },
      },
    });
  });

  it('gives a success’s message in French and leaves its data as it is', async () => {
    const answer = await clientAnswering(200, {
      message: en.tickets.deleted.replace('{title}', 'Open'),
      data: { id: 1, title: en.validation.invalidEmail },
    }).send('DELETE', 'tickets/1');
    expect(answer.data).toEqual({
      message: fr.tickets.deleted.replace('{title}', 'Open'),
      data: { id: 1, title: en.validation.invalidEmail },
    });
  });
});
